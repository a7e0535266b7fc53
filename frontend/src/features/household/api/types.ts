import type { components } from '@/lib/api/schema'

/** A pending invitation of the household, as its owner lists them. */
export type Invitation = components['schemas']['InvitationDto']
/** One of the signed-in user's own pending invitations, to another household. */
export type PendingInvitation = components['schemas']['PendingInvitationDto']
/** The roles an invitation may give: a household has one owner, who hands it over in place. */
export type InvitedRole = components['schemas']['InvitedRole']
