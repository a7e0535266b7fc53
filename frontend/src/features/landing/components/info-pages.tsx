import { Box, Container, Flex, Heading, Link, List, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { Logo } from '@/components/logo'
import { usePageTitle } from '@/components/use-page-title'

/**
 * The frame of the public pages the landing page's footer leads to: help, privacy, terms, the API
 * reference and the status page. `wide` gives a page the room of a reference.
 */
export function InfoPage({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string
  intro: string
  wide?: boolean
  children: ReactNode
}) {
  usePageTitle(title)
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header" borderBottomWidth="1px" bg="bg">
        <Container maxW="3xl">
          <Flex h="16" align="center" justify="space-between">
            <Link asChild _hover={{ textDecoration: 'none' }}>
              <RouterLink to="/" aria-label="MySpending home">
                <Logo />
              </RouterLink>
            </Link>
            <Link asChild color="fg.muted" fontSize="sm" minH="11" display="inline-flex" alignItems="center">
              <RouterLink to="/login">Login</RouterLink>
            </Link>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW={wide ? '6xl' : '3xl'} py={{ base: '8', md: '12' }} flex="1">
        <Stack gap="6" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: wide ? '3' : '5', md: '8' }}>
          <Stack gap="2">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              {title}
            </Heading>
            <Text color="fg.muted">{intro}</Text>
          </Stack>
          {children}
        </Stack>
      </Container>
      <Box as="footer" py="6">
        <Container maxW="3xl">
          <Flex gap="4" wrap="wrap" justify="center" fontSize="sm">
            <InfoLink to="/">Home</InfoLink>
            <InfoLink to="/help">Help</InfoLink>
            <InfoLink to="/privacy">Privacy</InfoLink>
            <InfoLink to="/terms">Terms</InfoLink>
            <InfoLink to="/docs">API reference</InfoLink>
            <InfoLink to="/status">Status</InfoLink>
          </Flex>
        </Container>
      </Box>
    </Flex>
  )
}

function InfoLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="fg.muted" minH="11" display="inline-flex" alignItems="center">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  )
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2" as="section">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

export function Points({ items }: { items: ReactNode[] }) {
  return (
    <List.Root gap="1.5" ps="5">
      {items.map((item, i) => (
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List.Root>
  )
}

export function HelpPage() {
  return (
    <InfoPage title="Help" intro="How to get going with MySpending, and where to look when something is not right.">
      <Section title="Your first week">
        <Points
          items={[
            'Add your accounts (current, savings, credit card, cash) with the balance each had on the day you start.',
            'Set a monthly budget for the categories you want to watch; it turns red when a month goes over.',
            'Add the bills and pay that come every month as recurring payments, so they are entered for you on their day.',
          ]}
        />
      </Section>
      <Section title="Importing statements">
        <Text>
          Under Import, upload your bank&apos;s CSV, OFX, QFX or QIF export. You see a preview first: map the
          columns if asked, check the duplicates it found, and commit. An import can be undone from the same
          screen, and your categorisation rules file the rows as they arrive.
        </Text>
      </Section>
      <Section title="Your household">
        <Text>
          Share one set of books with the people you live with: from Household, invite them by e-mail as a member
          (reads and writes) or a viewer (reads only). Mark an account private to keep it and its transactions to
          yourself.
        </Text>
      </Section>
      <Section title="Linking a bank">
        <Text>
          If the person who runs this server has set up a bank provider and allowed you to, connect a bank from
          Accounts: its accounts and transactions then arrive by themselves. You can disconnect at any time.
        </Text>
      </Section>
      <Section title="The API and tokens">
        <Text>
          Your own scripts can use everything the app does. Create a personal access token under your profile&apos;s{' '}
          <Link asChild color="teal.fg">
            <RouterLink to="/settings/api-tokens">API tokens</RouterLink>
          </Link>{' '}
          (read-only or read and write; it is shown once), send it as <code>Authorization: Bearer msp_…</code>,
          and try every call in the{' '}
          <Link asChild color="teal.fg">
            <RouterLink to="/docs">API reference</RouterLink>
          </Link>
          . Revoke a token as soon as you no longer need it.
        </Text>
      </Section>
      <Section title="Amounts and dates">
        <Text>
          Amounts are in pounds sterling with two decimals (£1,234.56) and dates are written
          dd/MM/yyyy. Money is stored to the penny: totals never drift by rounding.
        </Text>
      </Section>
      <Section title="Something looks wrong">
        <Points
          items={[
            'A balance differs from your bank: check the account\'s starting balance, and look for declined rows, which count for nothing.',
            'An import says a file is not a statement it can read: export it from your bank again as CSV, OFX or QIF, or map its columns when asked.',
            <>
              The app does not load or save: the{' '}
              <Link asChild color="teal.fg">
                <RouterLink to="/status">status page</RouterLink>
              </Link>{' '}
              says whether the server and its database are working.
            </>,
            'You cannot log in, or your account is disabled: ask the person who runs this MySpending server.',
          ]}
        />
      </Section>
    </InfoPage>
  )
}

export function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy"
      intro="MySpending is self-hosted: it runs on a server chosen by whoever set it up for you, not on ours. This is what it keeps, where, and who can see it."
    >
      <Section title="What is stored">
        <Points
          items={[
            'Your name, e-mail address and a salted hash of your password (never the password itself), and your two-factor secret if you turn it on, encrypted.',
            'What you enter or import: accounts, transactions, categories, budgets, goals, recurring payments, rules, your inventory and its photos.',
            'If you connect a bank: the accounts and transactions the bank sends, and the access token to it, sealed with AES-256-GCM so the database never holds it in plain text.',
            'Your API tokens, as a one-way digest only: the token itself is shown to you once and never stored.',
            'Your signed-in devices (address and browser), and a short log of administrators\' changes to users.',
          ]}
        />
      </Section>
      <Section title="Where it is kept">
        <Text>
          On the operator&apos;s own server: in its PostgreSQL database, and photos in a folder on that server or
          in the S3-compatible bucket its operator chose. Nothing is sent to us or to any third party, except to
          your bank&apos;s linking provider when you connect a bank, and e-mails (verification, password reset,
          invitations) through the mail server this server is set up to use. There are no third-party analytics,
          trackers, advertising or outside fonts: every page and script comes from this server.
        </Text>
      </Section>
      <Section title="Who can see it">
        <Points
          items={[
            'The members of your household, as their role allows: the owner and members read and change the shared books, a viewer only reads them. An account you mark private, and its transactions, stay yours alone.',
            'Nobody else using this server: another household\'s members cannot see your finances.',
            "The server's administrators can see your name, e-mail address and account status, and can disable or delete your account. They do not see your finances in the app, though anyone who runs the server can read its database.",
          ]}
        />
      </Section>
      <Section title="Your choices">
        <Text>
          You can download everything as a backup file from Settings at any time, revoke your API tokens and sign
          out other devices, and ask your administrator to delete your account, which removes all of your data
          from the database.
        </Text>
      </Section>
    </InfoPage>
  )
}

export function TermsPage() {
  return (
    <InfoPage
      title="Terms"
      intro="MySpending is free, self-hosted software for keeping track of your own money. By using this server you agree to the following."
    >
      <Section title="Use">
        <Points
          items={[
            'Use it for your own or your household\'s finances, and keep your password and API tokens to yourself.',
            'Check important figures against your bank: MySpending records what it is given and is not financial advice.',
          ]}
        />
      </Section>
      <Section title="The server">
        <Text>
          This server is run by its operator, not by MySpending&apos;s authors. The operator decides who may use it,
          may disable accounts, and is responsible for its backups, security and upkeep. Keep your own backups of
          anything you cannot afford to lose.
        </Text>
      </Section>
      <Section title="Licence">
        <Text>
          MySpending is open-source software under the MIT licence: anyone may use, copy, change and share it, as
          long as the licence&apos;s notice goes with it.
        </Text>
      </Section>
      <Section title="No warranty">
        <Text>
          The software is provided as it is, without warranty of any kind. Neither its authors nor the operator
          are liable for losses arising from its use.
        </Text>
      </Section>
    </InfoPage>
  )
}
