export {
  type BeforeInstallPromptEvent,
  INSTALL_DISMISSED_KEY,
  IOS_HINT_DISMISSED_KEY,
  isIos,
  isStandalone,
  resetInstallPrompt,
  useInstallPrompt,
} from './install-prompt'
export { type ApplyUpdate, clearUpdateWaiting, setUpdateWaiting, useUpdateAvailable } from './update-store'
