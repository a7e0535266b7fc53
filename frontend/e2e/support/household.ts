import type { Locator, Page } from '@playwright/test'

/**
 * Page object of /settings/household: the name (its owner renames it), the members (the owner
 * changes their roles, hands the household over and removes them), the owner's invitations, and
 * Leave household for everyone else.
 */
export class HouseholdScreen {
  readonly heading: Locator
  readonly name: Locator
  readonly save: Locator
  readonly members: Locator
  /** The owner's invite form. */
  readonly inviteEmail: Locator
  readonly inviteRole: Locator
  readonly sendInvitation: Locator
  /** The pending invitations' rows. */
  readonly invitations: Locator
  readonly leave: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Household', level: 1 })
    this.name = page.getByLabel('Household name')
    this.save = page.getByRole('button', { name: 'Save' })
    this.members = page.getByTestId('household-member')
    this.inviteEmail = page.getByLabel('Email address')
    this.inviteRole = page.getByRole('combobox', { name: 'Role', exact: true })
    this.sendInvitation = page.getByRole('button', { name: 'Send invitation' })
    this.invitations = page.getByTestId('household-invitation')
    this.leave = page.getByRole('button', { name: 'Leave household' })
  }

  member(name: string) {
    return this.members.filter({ hasText: name })
  }

  /** The owner's role select for another member ('Role of Sam'). */
  roleOf(name: string) {
    return this.page.getByRole('combobox', { name: `Role of ${name}` })
  }

  invitation(email: string) {
    return this.invitations.filter({ hasText: email })
  }

  /** Fills in the invite form and sends it; what follows is the journey's to check. */
  async invite(email: string, role: 'Member' | 'Viewer' = 'Member') {
    await this.inviteEmail.fill(email)
    await this.inviteRole.selectOption({ label: role })
    await this.sendInvitation.click()
  }
}

/**
 * /accept-invitation/:token, the invitation e-mail's link: Join household, and when the user has
 * data of their own the choice of what happens to it. The dashboard's banner shows the same
 * choice.
 */
export class AcceptInvitationScreen {
  readonly heading: Locator
  readonly join: Locator
  /** Signed out: the links to /login and /register that come back here. */
  readonly signIn: Locator
  readonly createAccount: Locator
  /** 'You already have data of your own': Bring my data / Leave my data behind. */
  readonly ownDataChoice: Locator
  readonly bringMyData: Locator
  readonly leaveMyDataBehind: Locator
  /** 'Delete your own data and join?', asked after Leave my data behind. */
  readonly confirmLoss: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Join a household', level: 1 })
    this.join = page.getByRole('button', { name: 'Join household' })
    this.signIn = page.getByRole('link', { name: 'Sign in' })
    this.createAccount = page.getByRole('link', { name: 'Create an account' })
    this.ownDataChoice = page.getByRole('group', { name: 'You already have data of your own' })
    this.bringMyData = this.ownDataChoice.getByRole('button', { name: 'Bring my data' })
    this.leaveMyDataBehind = this.ownDataChoice.getByRole('button', { name: 'Leave my data behind' })
    this.confirmLoss = page.getByRole('alertdialog', { name: 'Delete your own data and join?' })
  }
}

/** The dashboard's banner of an invitation to another household ('Invitation to The Smiths'). */
export function invitationBanner(page: Page, householdName: string) {
  return page.getByRole('region', { name: `Invitation to ${householdName}` })
}

/** What every write control says to a viewer, and the line each screen shows them in words. */
export const READ_ONLY = 'Viewers cannot make changes'

export function readOnlyHint(page: Page) {
  return page.getByTestId('read-only-hint')
}

/** A transaction's maker as its initials badge, named 'Made by {name}'. */
export function madeBy(scope: Page | Locator, name: string) {
  return scope.getByRole('img', { name: `Made by ${name}` })
}

/** The dashboard's Recent Activity card (a household of more than one). */
export function recentActivity(page: Page) {
  return page.getByRole('region', { name: 'Recent Activity' })
}
