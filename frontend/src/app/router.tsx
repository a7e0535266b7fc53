import { Navigate, Outlet, type RouteObject } from 'react-router'
import { LandingGate, RedirectIfSignedIn, RequireAuth, SessionGate } from './guards'
import { PreloadMatchedScreens, screen } from './lazy-screen'

/** A screen inside the app shell: nothing shows in the shell while its code loads. */
const inShell = <M, K extends keyof M>(load: () => Promise<M>, name: K) => screen(load, name, null)

// Every screen is a lazy chunk: one per module of ./routes.
const apiTokens = () => import('./routes/api-tokens')
const appLayout = () => import('./routes/app-layout')
const authPages = () => import('./routes/auth-pages')
const budgetsAndReports = () => import('./routes/budgets-and-reports')
const dashboard = () => import('./routes/dashboard')
const backup = () => import('./routes/backup')
const household = () => import('./routes/household')
const goals = () => import('./routes/goals')
const importStatement = () => import('./routes/import')
const info = () => import('./routes/info')
const inventory = () => import('./routes/inventory')
const inventoryItem = () => import('./routes/inventory-item')
const landing = () => import('./routes/landing')
const ledger = () => import('./routes/ledger')
const login = () => import('./routes/login')
const notFound = () => import('./routes/not-found')
const recurring = () => import('./routes/recurring')
const rules = () => import('./routes/rules')
const security = () => import('./routes/security')
const shoppingList = () => import('./routes/shopping-list')
const tags = () => import('./routes/tags')
const tokenRoutes = () => import('./routes/token-routes')
const users = () => import('./routes/users')

/** Every route of the app; main.tsx and the tests build their routers from it. */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <PreloadMatchedScreens />
        <SessionGate />
      </>
    ),
    children: [
      {
        path: '/',
        element: (
          <LandingGate>
            <Outlet />
          </LandingGate>
        ),
        children: [{ index: true, ...screen(landing, 'LandingRoute') }],
      },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/login', ...screen(login, 'LoginRoute') },
          { path: '/register', ...screen(authPages, 'RegisterRoute') },
        ],
      },
      { path: '/forgot-password', ...screen(authPages, 'ForgotPasswordRoute') },
      { path: '/reset-password', ...screen(tokenRoutes, 'ResetPasswordRoute') },
      { path: '/reset-password/:token', ...screen(tokenRoutes, 'ResetPasswordRoute') },
      { path: '/verify-email', ...screen(tokenRoutes, 'VerifyEmailRoute') },
      { path: '/verify-email/:token', ...screen(tokenRoutes, 'VerifyEmailRoute') },
      // An invitation e-mail's link: signed in, join; signed out, sign in or register first.
      { path: '/accept-invitation/:token', ...screen(tokenRoutes, 'AcceptInvitationRoute') },
      { path: '/account-disabled', ...screen(authPages, 'AccountDisabledRoute') },
      { path: '/help', ...screen(info, 'HelpRoute') },
      { path: '/privacy', ...screen(info, 'PrivacyRoute') },
      { path: '/terms', ...screen(info, 'TermsRoute') },
      { path: '/docs', ...screen(info, 'DocsRoute') },
      { path: '/status', ...screen(info, 'StatusRoute') },
      // The old address of the recurring screen (spec doc 2 §2).
      { path: '/recurring-transactions', element: <Navigate to="/recurring" replace /> },
      {
        element: <RequireAuth />,
        children: [
          {
            ...screen(appLayout, 'AppLayout', undefined, { layout: true }),
            children: [
              { path: '/dashboard', ...inShell(dashboard, 'DashboardRoute') },
              { path: '/transactions', ...inShell(ledger, 'TransactionsRoute') },
              { path: '/transactions/:id', ...inShell(ledger, 'TransactionDetailRoute') },
              { path: '/import', ...inShell(importStatement, 'ImportRoute') },
              { path: '/accounts', ...inShell(ledger, 'AccountsRoute') },
              { path: '/categories', ...inShell(ledger, 'CategoriesRoute') },
              { path: '/tags', ...inShell(tags, 'TagsRoute') },
              { path: '/budgets', ...inShell(budgetsAndReports, 'BudgetsRoute') },
              { path: '/budgets/analytics', ...inShell(budgetsAndReports, 'BudgetAnalyticsRoute') },
              { path: '/goals', ...inShell(goals, 'GoalsRoute') },
              { path: '/inventory', ...inShell(inventory, 'InventoryRoute') },
              { path: '/inventory/:id', ...inShell(inventoryItem, 'InventoryItemRoute') },
              { path: '/shopping-list', ...inShell(shoppingList, 'ShoppingListRoute') },
              { path: '/recurring', ...inShell(recurring, 'RecurringRoute') },
              { path: '/recurring/analytics', ...inShell(recurring, 'RecurringAnalyticsRoute') },
              { path: '/reports', ...inShell(budgetsAndReports, 'ReportsRoute') },
              { path: '/users', ...inShell(users, 'UsersRoute') },
              { path: '/settings/rules', ...inShell(rules, 'RulesRoute') },
              { path: '/settings/backup', ...inShell(backup, 'BackupRoute') },
              { path: '/settings/household', ...inShell(household, 'HouseholdRoute') },
              { path: '/security', ...inShell(security, 'SecurityRoute') },
              { path: '/settings/api-tokens', ...inShell(apiTokens, 'ApiTokensRoute') },
            ],
          },
        ],
      },
      { path: '*', ...screen(notFound, 'NotFoundRoute') },
    ],
  },
]
