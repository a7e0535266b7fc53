export { LandingPage } from './components/landing-page'
export { HelpPage, PrivacyPage, TermsPage } from './components/info-pages'
