import { useMemo } from 'react'
import { encode } from 'uqr'

type OtpauthQrCodeProps = {
  /** The otpauth:// URI of the setup. */
  value: string
  /** The drawn size in CSS pixels. */
  size?: number
}

/**
 * The setup's otpauth:// URI as a QR code for an authenticator app to scan, drawn here in the
 * browser (uqr; docs/decisions.md): one SVG path of dark modules, black on white in either colour
 * mode (a camera needs the contrast), with the 4-module quiet zone the standard asks for. Loaded
 * only with the enrolment dialog.
 */
export function OtpauthQrCode({ value, size = 200 }: OtpauthQrCodeProps) {
  const { modules, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 })
    let d = ''
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      }),
    )
    return { modules: qr.size, path: d }
  }, [value])
  return (
    <svg
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ background: '#ffffff', display: 'block' }}
      data-testid="otpauth-qr-code"
    >
      <path d={path} fill="#000000" />
    </svg>
  )
}
