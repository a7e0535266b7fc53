/** What the preview calls each recognised layout: the bank's CSV, or the file format. */
const PRESET_LABELS: Record<string, string> = {
  monzo: 'Monzo CSV',
  starling: 'Starling CSV',
  revolut: 'Revolut CSV',
  barclays: 'Barclays CSV',
  hsbc: 'HSBC CSV',
  lloyds: 'Lloyds, Halifax or Bank of Scotland CSV',
  natwest: 'NatWest or RBS CSV',
  nationwide: 'Nationwide CSV',
  midata: 'midata CSV',
  santander: 'Santander CSV',
  tsb: 'TSB CSV',
  chase: 'Chase UK CSV',
  amex: 'American Express CSV',
  myspending: 'MySpending export',
  generic: 'CSV',
  ofx: 'OFX',
  qif: 'QIF',
}

/** 'monzo' → 'Monzo CSV', 'ofx' → 'OFX'; an unknown preset is named by its format. */
export function presetLabel(preset: string, format: string): string {
  return PRESET_LABELS[preset] ?? (format ? format.toUpperCase() : preset)
}

/** '142 new, 37 already there'. */
export function countsText(newCount: number, duplicateCount: number): string {
  return `${newCount} new, ${duplicateCount} already there`
}

/** '142 added, 37 already there': how a committed import went. */
export function addedText(added: number, duplicates: number): string {
  return `${added} added, ${duplicates} already there`
}

/** 'Import 1 transaction', 'Import 142 transactions'. */
export function importButtonLabel(count: number): string {
  return `Import ${count} ${count === 1 ? 'transaction' : 'transactions'}`
}

/** The files the picker offers; the server recognises the format from the content. */
export const STATEMENT_ACCEPT = '.csv,.ofx,.qfx,.qif,text/csv'
export const STATEMENT_EXTENSIONS = ['.csv', '.ofx', '.qfx', '.qif'] as const

/** The server refuses larger files with this message (413); the page says it before uploading. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024
export const TOO_LARGE_MESSAGE = 'A statement must be 10 MB or smaller'

/** The preview draws at most this many rows, so a 100,000-row statement does not freeze the page. */
export const PREVIEW_ROW_LIMIT = 500
