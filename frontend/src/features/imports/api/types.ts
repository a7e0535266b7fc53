/**
 * Wire types of the statement import calls, named from the generated OpenAPI schema. Amounts are
 * pounds as JSON numbers (signed like the ledger); days 'YYYY-MM-DD'.
 */
import type { components } from '@/lib/api/schema'

type Schemas = components['schemas']

export type ImportPreview = Schemas['ImportPreviewDto']
export type ImportPreviewResponse = Schemas['Envelope_ImportPreviewDto']
export type PreviewRow = Schemas['PreviewRowDto']
export type RowError = Schemas['RowErrorDto']
export type Mapping = Schemas['MappingDto']
export type PreviewBody = Schemas['PreviewBody']
export type CommitResult = Schemas['CommitDto']
export type CommitResponse = Schemas['Confirmed_CommitDto']
export type UndoResponse = Schemas['Confirmed_UndoDto']
export type PastImport = Schemas['ImportDto']
