import { Box } from '@chakra-ui/react'

export type ChartDataTableProps = {
  /** What the table shows; screen readers announce it as the table's name. */
  caption: string
  /** Column headings; the first names the row headings (usually 'Month'). */
  columns: string[]
  /** Each row's cells as text, its heading first. */
  rows: string[][]
}

/**
 * A chart's figures as a table for screen readers: the chart itself is one image with a name,
 * and its axes and tooltips are not reachable without a mouse.
 */
export function ChartDataTable({ caption, columns, rows }: ChartDataTableProps) {
  return (
    <Box srOnly>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([heading, ...cells], i) => (
            <tr key={`${heading}-${i}`}>
              <th scope="row">{heading}</th>
              {cells.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  )
}
