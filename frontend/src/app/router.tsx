import { Navigate, type RouteObject } from 'react-router'
import { AccountDisabled, ForgotPasswordForm, RegisterForm } from '@/features/auth'
import { LandingPage } from '@/features/landing'
import { RecurringAnalyticsPage } from '@/features/recurring/analytics'
import { LandingGate, RedirectIfSignedIn, RequireAuth, SessionGate } from './guards'
import { AppLayout } from './routes/app-layout'
import { BudgetAnalyticsRoute, BudgetsRoute, ReportsRoute } from './routes/budgets-and-reports'
import { DashboardRoute } from './routes/dashboard'
import { GoalsRoute } from './routes/goals'
import { InventoryRoute } from './routes/inventory'
import { InventoryItemRoute } from './routes/inventory-item'
import {
  AccountsRoute,
  CategoriesRoute,
  TransactionDetailRoute,
  TransactionsRoute,
} from './routes/ledger'
import { LoginRoute } from './routes/login'
import { NotFoundRoute } from './routes/not-found'
import { RecurringRoute } from './routes/recurring'
import { ShoppingListRoute } from './routes/shopping-list'
import { ResetPasswordRoute, VerifyEmailRoute } from './routes/token-routes'
import { UsersRoute } from './routes/users'

/** Every route of the app; main.tsx and the tests build their routers from it. */
export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    children: [
      {
        path: '/',
        element: (
          <LandingGate>
            <LandingPage />
          </LandingGate>
        ),
      },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/login', element: <LoginRoute /> },
          { path: '/register', element: <RegisterForm /> },
        ],
      },
      { path: '/forgot-password', element: <ForgotPasswordForm /> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/reset-password/:token', element: <ResetPasswordRoute /> },
      { path: '/verify-email', element: <VerifyEmailRoute /> },
      { path: '/verify-email/:token', element: <VerifyEmailRoute /> },
      { path: '/account-disabled', element: <AccountDisabled /> },
      // The old address of the recurring screen (spec doc 2 §2).
      { path: '/recurring-transactions', element: <Navigate to="/recurring" replace /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardRoute /> },
              { path: '/transactions', element: <TransactionsRoute /> },
              { path: '/transactions/:id', element: <TransactionDetailRoute /> },
              { path: '/accounts', element: <AccountsRoute /> },
              { path: '/categories', element: <CategoriesRoute /> },
              { path: '/budgets', element: <BudgetsRoute /> },
              { path: '/budgets/analytics', element: <BudgetAnalyticsRoute /> },
              { path: '/goals', element: <GoalsRoute /> },
              { path: '/inventory', element: <InventoryRoute /> },
              { path: '/inventory/:id', element: <InventoryItemRoute /> },
              { path: '/shopping-list', element: <ShoppingListRoute /> },
              { path: '/recurring', element: <RecurringRoute /> },
              { path: '/recurring/analytics', element: <RecurringAnalyticsPage /> },
              { path: '/reports', element: <ReportsRoute /> },
              { path: '/users', element: <UsersRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]
