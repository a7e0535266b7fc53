// The dashboard's surface of the household feature, apart from index.ts: the dashboard loads it
// lazily, and this way without the household screen's code.
export { PendingInvitationsBanner } from './components/pending-invitations-banner'
