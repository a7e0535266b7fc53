import { Box, Button, Center, Dialog, Flex, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Download } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { OneTimeCodeField } from '@/components/one-time-code-field'
import { PlainDialog } from '@/components/plain-dialog'
import { getErrorMessage } from '@/lib/api/client'
import { saveBlob } from '@/lib/api/save-file'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { ENABLE_FALLBACK_ERROR, useEnableTwoFactor } from '../api/enable-two-factor'
import { SETUP_FALLBACK_ERROR, useStartTwoFactorSetup } from '../api/start-two-factor-setup'
import { groupedKey, RECOVERY_CODES_FILE, recoveryCodesText } from '../lib/enrolment'
import { enableTwoFactorSchema } from '../schemas/two-factor'
import { CopyButton } from './copy-button'

// The QR code's drawing (and the library that encodes it) loads with the first setup shown.
const OtpauthQrCode = lazy(() => import('./otpauth-qr-code').then((m) => ({ default: m.OtpauthQrCode })))

const QR_SIZE = 200

type EnableTwoFactorDialogProps = {
  open: boolean
  onClose: () => void
  /** Named in the recovery codes' file. */
  accountEmail?: string
}

type Step = 'scan' | 'confirm' | 'codes'

/**
 * Turning two-factor sign-in on, in three steps: scan the QR code of a new secret (or type its
 * key), confirm with a code the app then shows, and save the ten recovery codes, shown this once.
 * Mount it afresh for each opening: it asks the server for the secret when it mounts. Until the
 * code is confirmed nothing has changed, so it may be closed; the last step closes only through
 * 'I have saved these codes'.
 */
export function EnableTwoFactorDialog({ open, onClose, accountEmail }: EnableTwoFactorDialogProps) {
  const [step, setStep] = useState<Step>('scan')
  const setup = useStartTwoFactorSetup()
  const enable = useEnableTwoFactor()
  const formId = useId()

  // One setup per opening (a ref, so React's development double effects do not ask twice).
  const started = useRef(false)
  const startSetup = setup.mutate
  useEffect(() => {
    if (started.current) return
    started.current = true
    startSetup()
  }, [startSetup])

  const codes = enable.data ?? []
  const stepNumber = { scan: 1, confirm: 2, codes: 3 }[step]

  const footer =
    step === 'scan' ? (
      <>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button colorPalette="teal" disabled={!setup.data} onClick={() => setStep('confirm')}>
          Next
        </Button>
      </>
    ) : step === 'confirm' ? (
      <>
        <Button
          variant="outline"
          onClick={() => {
            enable.reset()
            setStep('scan')
          }}
        >
          Back
        </Button>
        <Button type="submit" form={formId} colorPalette="teal" loading={enable.isPending} loadingText="Confirming...">
          Confirm
        </Button>
      </>
    ) : (
      <Button colorPalette="teal" onClick={onClose}>
        I have saved these codes
      </Button>
    )

  return (
    <PlainDialog
      open={open}
      onClose={onClose}
      title="Turn on two-factor authentication"
      footer={footer}
      dismissible={step !== 'codes'}
      scrollBehavior="inside"
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Step {stepNumber} of 3
        </Text>
        {step === 'scan' ? (
          <ScanStep setup={setup} />
        ) : step === 'confirm' ? (
          <ConfirmStep formId={formId} enable={enable} onConfirmed={() => setStep('codes')} />
        ) : (
          <CodesStep codes={codes} accountEmail={accountEmail} />
        )}
      </Stack>
    </PlainDialog>
  )
}

function ScanStep({ setup }: { setup: ReturnType<typeof useStartTwoFactorSetup> }) {
  if (setup.isError) return <ErrorAlert message={getErrorMessage(setup.error, SETUP_FALLBACK_ERROR)} />
  const qrStandIn = <Skeleton w={`${QR_SIZE}px`} h={`${QR_SIZE}px`} />
  return (
    <Stack gap="4">
      <Text>
        Scan this QR code with an authenticator app on your phone, such as Google Authenticator, Microsoft
        Authenticator, 1Password or Aegis.
      </Text>
      <Center>
        {setup.data ? (
          <Box p="2" bg="white" borderWidth="1px" borderRadius="md">
            <Suspense fallback={qrStandIn}>
              <OtpauthQrCode value={setup.data.otpauthUrl} size={QR_SIZE} />
            </Suspense>
          </Box>
        ) : (
          <Box role="status" aria-label="Preparing your QR code">
            {qrStandIn}
          </Box>
        )}
      </Center>
      {setup.data ? (
        <Stack gap="2">
          <Text>Can&apos;t scan it? Type this key into the app instead:</Text>
          <Flex gap="2" align="center" wrap="wrap">
            <Box
              as="code"
              fontFamily="mono"
              fontSize="md"
              px="2"
              py="1"
              bg="bg.muted"
              borderRadius="sm"
              letterSpacing="wide"
              wordBreak="break-word"
              data-testid="setup-key"
            >
              {groupedKey(setup.data.secret)}
            </Box>
            <CopyButton size="sm" text={setup.data.secret} label="Copy key" />
          </Flex>
        </Stack>
      ) : null}
    </Stack>
  )
}

type ConfirmStepProps = {
  formId: string
  enable: ReturnType<typeof useEnableTwoFactor>
  onConfirmed: () => void
}

function ConfirmStep({ formId, enable, onConfirmed }: ConfirmStepProps) {
  const { register, handleSubmit, setFocus, formState: { errors } } = useSchemaForm(enableTwoFactorSchema, { code: '' })
  useEffect(() => setFocus('code'), [setFocus])
  const { error, onDismissError } = saveFeedback(enable, ENABLE_FALLBACK_ERROR)
  return (
    <form
      id={formId}
      noValidate
      aria-label="Confirm two-factor authentication"
      onSubmit={handleSubmit((values) => enable.mutate(values, { onSuccess: onConfirmed }))}
    >
      <Stack gap="4">
        <ErrorAlert message={error} onClose={onDismissError} />
        <Text>Enter the 6-digit code your authenticator app now shows for MySpending.</Text>
        <OneTimeCodeField label="Authentication code" error={errors.code?.message} {...register('code')} />
      </Stack>
    </form>
  )
}

function CodesStep({ codes, accountEmail }: { codes: string[]; accountEmail?: string }) {
  const text = () => recoveryCodesText(codes, accountEmail)
  return (
    <Stack gap="4">
      <ErrorAlert
        status="warning"
        title="Save your recovery codes"
        message="If you lose your phone, each of these codes lets you log in once. They are shown only now."
      />
      <SimpleGrid
        as="ul"
        aria-label="Recovery codes"
        columns={2}
        gap="2"
        listStyleType="none"
        p="3"
        bg="bg.muted"
        borderRadius="md"
        fontFamily="mono"
        fontSize="md"
      >
        {codes.map((code) => (
          <Box as="li" key={code} textAlign="center">
            {code}
          </Box>
        ))}
      </SimpleGrid>
      <Flex gap="2" wrap="wrap">
        <CopyButton text={codes.join('\n')} label="Copy" />
        <Button
          variant="outline"
          onClick={() => saveBlob({ blob: new Blob([text()], { type: 'text/plain' }), fileName: RECOVERY_CODES_FILE })}
        >
          <Download aria-hidden="true" />
          Download
        </Button>
      </Flex>
    </Stack>
  )
}
