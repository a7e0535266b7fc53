import { DocsPage, HelpPage, PrivacyPage, StatusPage, TermsPage } from '@/features/landing'

export function HelpRoute() {
  return <HelpPage />
}

export function PrivacyRoute() {
  return <PrivacyPage />
}

export function TermsRoute() {
  return <TermsPage />
}

export function DocsRoute() {
  return <DocsPage />
}

export function StatusRoute() {
  return <StatusPage />
}
