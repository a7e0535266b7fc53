export { LandingPage } from './components/landing-page'
export { HelpPage, PrivacyPage, TermsPage } from './components/info-pages'
export { DocsPage } from './components/docs-page'
export { StatusPage } from './components/status-page'
