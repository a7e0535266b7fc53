import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  HStack,
  Icon,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import {
  ArrowLeftRight,
  ChartPie,
  LayoutDashboard,
  ShieldCheck,
  Smartphone,
  Tags,
  type LucideIcon,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { Logo } from '@/components/logo'
import { usePageTitle } from '@/components/use-page-title'
import { footerColumns } from '../lib/footer-links'
import { formatDate, formatMoney } from '@/lib/format'
import { useHydrated } from '@/lib/use-hydrated'

type Feature = { title: string; description: string; icon: LucideIcon }

const features: Feature[] = [
  {
    title: 'Private & Secure',
    description:
      'Your data stays on the server you run, and only you see your finances. Passwords are never stored.',
    icon: ShieldCheck,
  },
  {
    title: 'Insightful Charts',
    description: 'See where your money goes with clear charts of spending and income by category.',
    icon: ChartPie,
  },
  {
    title: 'Categories & Rules',
    description:
      "Customise categories, and let rules file your bank's rows the way you think as they arrive.",
    icon: Tags,
  },
  {
    title: 'Full Transaction Control',
    description: 'Create, edit and delete transactions at any time, with notes and dates.',
    icon: ArrowLeftRight,
  },
  {
    title: 'Dashboard Overview',
    description: 'Income, expenses, net worth and goals at a glance on a single dashboard.',
    icon: LayoutDashboard,
  },
  {
    title: 'Works on Every Screen',
    description: 'A responsive layout that feels at home on your phone, tablet and desktop.',
    icon: Smartphone,
  },
]


function NavButton({ to, children, solid }: { to: string; children: ReactNode; solid?: boolean }) {
  return (
    <Button asChild colorPalette="teal" variant={solid ? 'solid' : 'ghost'} size={{ base: 'sm', md: 'md' }}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  )
}

export function LandingPage() {
  usePageTitle()
  return (
    <Box bg="bg" minH="100dvh">
      <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
        <Container maxW="6xl">
          <Flex h="16" align="center" justify="space-between" gap="3">
            <Logo />
            <HStack as="nav" aria-label="Account" gap={{ base: '1', md: '2' }}>
              <NavButton to="/login">Login</NavButton>
              <NavButton to="/register" solid>
                Sign Up
              </NavButton>
            </HStack>
          </Flex>
        </Container>
      </Box>

      <Box as="main">
        <Hero />
        <Box
          as="section"
          id="features"
          py={{ base: '14', md: '20' }}
          bg="bg.subtle"
          aria-labelledby="features-heading"
        >
          <Container maxW="6xl">
            <Stack gap="3" textAlign="center" mb={{ base: '8', md: '12' }}>
              <Heading as="h2" id="features-heading" size={{ base: '2xl', md: '3xl' }}>
                Everything you need to manage your money
              </Heading>
              <Text color="fg.muted" maxW="2xl" mx="auto">
                Simple tools that help you understand your spending and stay on top of your
                finances.
              </Text>
            </Stack>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: '4', md: '6' }}>
              {features.map((feature) => (
                <FeatureCard key={feature.title} feature={feature} />
              ))}
            </SimpleGrid>
          </Container>
        </Box>
        <CallToAction />
      </Box>

      <Footer />
    </Box>
  )
}

function Hero() {
  const [today] = useState(() => new Date())
  // The visitor's date, not the build's: this page is prerendered (src/prerender).
  const hydrated = useHydrated()
  return (
    <Box as="section" py={{ base: '12', md: '24' }}>
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '10', md: '16' }} alignItems="center">
          <Stack
            gap="6"
            textAlign={{ base: 'center', md: 'start' }}
            align={{ base: 'center', md: 'flex-start' }}
          >
            <Badge colorPalette="teal" variant="subtle" size="lg" borderRadius="full" px="3">
              Personal finance for the UK
            </Badge>
            <Heading as="h1" size={{ base: '4xl', md: '5xl' }} lineHeight="1.1" letterSpacing="tight">
              Take control of your spending
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              MySpending tracks every pound you earn and spend, shows you where it goes, and helps
              you plan ahead — all in one private place.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
              <Button asChild colorPalette="teal" size="xl">
                <RouterLink to="/register">Get Started Free</RouterLink>
              </Button>
              <Button asChild variant="outline" size="xl">
                <RouterLink to="/login">Login</RouterLink>
              </Button>
            </Stack>
          </Stack>
          <Card.Root
            variant="elevated"
            borderRadius="2xl"
            aria-label="Example monthly summary"
            maxW="md"
            w="full"
            mx="auto"
          >
            <Card.Body gap="5" p={{ base: '5', md: '7' }}>
              <Flex justify="space-between" align="center">
                <Text fontWeight="semibold">This month</Text>
                <Text fontSize="sm" color="fg.muted">
                  {hydrated ? formatDate(today) : null}
                </Text>
              </Flex>
              <SimpleGrid columns={2} gap="4">
                <Stat label="Income" value={formatMoney(325000)} color="fg.success" />
                <Stat label="Expenses" value={formatMoney(-184237)} color="fg.error" />
              </SimpleGrid>
              <Stack gap="3">
                <SpendBar label="Groceries" pence={42310} percent={62} color="teal.500" />
                <SpendBar label="Transport" pence={18650} percent={38} color="blue.500" />
                <SpendBar label="Eating out" pence={9420} percent={22} color="orange.400" />
              </Stack>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Container>
    </Box>
  )
}

function Stat({ label, value, color }: { label: string; value: string; color: string }) {
  return (
    <Box bg="bg.subtle" borderRadius="lg" p="3">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="bold" color={color}>
        {value}
      </Text>
    </Box>
  )
}

function SpendBar(props: { label: string; pence: number; percent: number; color: string }) {
  return (
    <Box>
      <Flex justify="space-between" fontSize="sm" mb="1">
        <Text>{props.label}</Text>
        <Text fontWeight="medium">{formatMoney(props.pence)}</Text>
      </Flex>
      <Box h="2" bg="bg.muted" borderRadius="full" overflow="hidden">
        <Box h="full" w={`${props.percent}%`} bg={props.color} borderRadius="full" />
      </Box>
    </Box>
  )
}

function FeatureCard({ feature }: { feature: Feature }) {
  const FeatureIcon = feature.icon
  return (
    <Card.Root variant="outline" borderRadius="xl" bg="bg">
      <Card.Body gap="3">
        <Flex w="11" h="11" align="center" justify="center" borderRadius="lg" bg="teal.subtle" color="teal.fg">
          <Icon asChild boxSize="5">
            <FeatureIcon aria-hidden="true" />
          </Icon>
        </Flex>
        <Heading as="h3" size="md">
          {feature.title}
        </Heading>
        <Text color="fg.muted">{feature.description}</Text>
      </Card.Body>
    </Card.Root>
  )
}

function CallToAction() {
  return (
    <Box as="section" py={{ base: '14', md: '20' }}>
      <Container maxW="4xl">
        <Stack
          gap="5"
          align="center"
          textAlign="center"
          bg="teal.700"
          color="white"
          borderRadius="2xl"
          px={{ base: '6', md: '12' }}
          py={{ base: '10', md: '14' }}
        >
          <Heading as="h2" size={{ base: '2xl', md: '3xl' }}>
            Ready to take control of your finances?
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="teal.100" maxW="xl">
            Create your free account in under a minute and start tracking today.
          </Text>
          <Button asChild size="xl" bg="white" color="teal.800" _hover={{ bg: 'teal.50' }}>
            <RouterLink to="/register">Create Your Free Account</RouterLink>
          </Button>
        </Stack>
      </Container>
    </Box>
  )
}

/** A footer link: a 44 px tall target, as every tap target is. */
const FOOTER_LINK = { color: 'fg.muted', fontSize: 'sm', minH: '11', display: 'inline-flex', alignItems: 'center' } as const

function Footer() {
  const [year] = useState(() => new Date().getFullYear())
  // The visitor's year, not the build's (see Hero).
  const hydrated = useHydrated()
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" py={{ base: '10', md: '14' }}>
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="8">
          <Stack gap="3">
            <Logo />
            <Text color="fg.muted" fontSize="sm">
              Personal finance tracking for individuals in the United Kingdom.
            </Text>
          </Stack>
          {footerColumns.map((column) => (
            <Stack key={column.heading} gap="2" as="nav" aria-label={column.heading}>
              <Text fontWeight="semibold">{column.heading}</Text>
              {column.links.map((link) =>
                link.href.startsWith('#') || link.href.startsWith('/api/') ? (
                  <Link key={link.href} href={link.href} {...FOOTER_LINK}>
                    {link.label}
                  </Link>
                ) : (
                  <Link key={link.href} asChild {...FOOTER_LINK}>
                    <RouterLink to={link.href}>{link.label}</RouterLink>
                  </Link>
                ),
              )}
            </Stack>
          ))}
        </SimpleGrid>
        <Text mt="10" pt="6" borderTopWidth="1px" fontSize="sm" color="fg.muted" textAlign="center">
          © {hydrated ? year : null} MySpending. All rights reserved.
        </Text>
      </Container>
    </Box>
  )
}
