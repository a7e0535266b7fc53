import { z } from 'zod'
import type { MemberRole } from '../api/household'

/** What each role may do, as the members list says it. */
export const ROLE_TEXT: Record<MemberRole, { label: string; palette: string; meaning: string }> = {
  owner: { label: 'Owner', palette: 'teal', meaning: 'Manages the household, its name and its members' },
  member: { label: 'Member', palette: 'blue', meaning: 'Reads and changes everything shared' },
  viewer: { label: 'Viewer', palette: 'gray', meaning: 'Reads everything shared, changes nothing' },
}

export const nameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Household name is required')
    .max(50, 'Household name cannot exceed 50 characters'),
})
