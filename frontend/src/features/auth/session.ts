// The auth feature's session surface: what the guards and the app shell need on every page,
// apart from index.ts so that importing it does not also load the forms (and zod and
// react-hook-form with them) into the first load.
export { useUser, useRefreshUser, meQueryOptions } from './api/get-me'
export { useLogout } from './api/logout'
export { authKeys } from './api/keys'
export { useCanConnectBank } from './api/can-connect-bank'
export { startSession, endSession } from './lib/session'
export { mayConnectBank } from './lib/permissions'
