import type { MemberRole } from '../api/household'
import type { InvitedRole } from '../api/types'

/** What each role may do, as the members list says it. */
export const ROLE_TEXT: Record<MemberRole, { label: string; palette: string; meaning: string }> = {
  owner: { label: 'Owner', palette: 'teal', meaning: 'Manages the household, its name and its members' },
  member: { label: 'Member', palette: 'blue', meaning: 'Reads and changes everything shared' },
  viewer: { label: 'Viewer', palette: 'gray', meaning: 'Reads everything shared, changes nothing' },
}

/** The roles an invitation or the role select offers, member first (the default). */
export const INVITED_ROLES = ['member', 'viewer'] as const satisfies readonly InvitedRole[]
