import { Box, Container, Flex, Heading, Link, List, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { Logo } from '@/components/logo'
import { usePageTitle } from '@/components/use-page-title'

/** The public pages the landing page's footer leads to: help, privacy and terms. */
function InfoPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
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
      <Container as="main" maxW="3xl" py={{ base: '8', md: '12' }} flex="1">
        <Stack gap="6" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '5', md: '8' }}>
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2" as="section">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

function Points({ items }: { items: ReactNode[] }) {
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
            "Bring in what has already happened: import your bank's CSV, OFX or QIF export from Import, or connect a bank if your administrator has allowed it.",
            'Set a monthly budget for the categories you want to watch; it turns red when a month goes over.',
            'Add the bills and pay that come every month as recurring payments, so they are entered for you on their day.',
          ]}
        />
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
            'You cannot log in, or your account is disabled: ask the person who runs this MySpending server.',
          ]}
        />
      </Section>
      <Section title="For the person who runs the server">
        <Text>
          MySpending is self-hosted. Its README explains how to start it, back it up and upgrade
          it; the{' '}
          <Link href="/api/openapi.json" color="teal.fg">
            API reference
          </Link>{' '}
          describes every call the app makes.
        </Text>
      </Section>
    </InfoPage>
  )
}

export function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy"
      intro="MySpending runs on a server chosen by whoever set it up for you, not on ours. This is what it keeps, where, and who can see it."
    >
      <Section title="What is stored">
        <Points
          items={[
            'Your name, e-mail address and a salted hash of your password (never the password itself).',
            'What you enter or import: accounts, transactions, categories, budgets, goals, recurring payments, rules, your inventory and its photos.',
            'If you connect a bank: the accounts and transactions the bank sends, and an access key to it, stored encrypted.',
            'A short log of administrators\' changes to users (who changed what, when and from which address).',
          ]}
        />
      </Section>
      <Section title="Where it is kept">
        <Text>
          In the PostgreSQL database and the file storage of this server. Nothing is sent to us or
          to any third party, except to your bank&apos;s linking provider when you connect a bank,
          and e-mails (verification and password reset) through the mail server this server is set
          up to use.
        </Text>
      </Section>
      <Section title="Who can see it">
        <Points
          items={[
            'You. Other users of this server cannot see your finances.',
            "The server's administrators can see your name, e-mail address and account status, and can disable or delete your account. They do not see your finances in the app, though anyone who runs the server can read its database.",
          ]}
        />
      </Section>
      <Section title="Your choices">
        <Text>
          You can download everything as a backup file from Settings at any time, and ask your
          administrator to delete your account, which removes all of your data from the database.
        </Text>
      </Section>
    </InfoPage>
  )
}

export function TermsPage() {
  return (
    <InfoPage
      title="Terms"
      intro="MySpending is free software for keeping track of your own money. By using this server you agree to the following."
    >
      <Section title="Use">
        <Points
          items={[
            'Use it for your own or your household\'s finances, and keep your password to yourself.',
            'Check important figures against your bank: MySpending records what it is given and is not financial advice.',
          ]}
        />
      </Section>
      <Section title="The server">
        <Text>
          This server is run by its administrator, who decides who may use it and may disable
          accounts. Keep your own backups of anything you cannot afford to lose.
        </Text>
      </Section>
      <Section title="No warranty">
        <Text>
          The software is provided as it is, without warranty of any kind. Neither its authors nor
          the administrator are liable for losses arising from its use.
        </Text>
      </Section>
    </InfoPage>
  )
}
