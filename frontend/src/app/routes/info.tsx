import { HelpPage, PrivacyPage, TermsPage } from '@/features/landing'

export function HelpRoute() {
  return <HelpPage />
}

export function PrivacyRoute() {
  return <PrivacyPage />
}

export function TermsRoute() {
  return <TermsPage />
}
