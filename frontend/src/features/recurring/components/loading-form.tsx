/** Shown in a form dialog when its accounts or categories failed to load. */
export const FORM_DATA_ERROR = 'Failed to load form data'

export { LoadingForm } from '@/components/loading-form'
