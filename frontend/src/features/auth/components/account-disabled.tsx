import { Box, Button, Stack, Text } from '@chakra-ui/react'
import { ShieldAlert } from 'lucide-react'
import { useNavigate } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { usePageTitle } from '@/components/use-page-title'
import { appConfig } from '@/lib/config'
import { usePublicConfig } from '../api/get-public-config'
import { useLogout } from '../api/logout'
import { AuthLayout } from './auth-layout'

export function AccountDisabled() {
  usePageTitle('Account disabled')
  const navigate = useNavigate()
  const logout = useLogout()
  const adminEmail = usePublicConfig().data?.adminEmail
  const mailto = adminEmail
    ? `mailto:${adminEmail}?subject=${encodeURIComponent('MySpending account disabled')}`
    : null

  return (
    <AuthLayout title="Account Disabled">
      <Stack gap="5">
        <Box alignSelf="center" color="fg.warning">
          <ShieldAlert size={56} aria-hidden="true" />
        </Box>
        <ErrorAlert status="warning" message="Your account has been disabled by an administrator." />
        <Text textAlign="center" color="fg.muted">
          If you believe this is an error, please contact {appConfig.adminName} for assistance.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          {mailto && (
            <Button asChild flex={{ sm: '1' }} colorPalette="teal">
              <a href={mailto}>Contact Administrator</a>
            </Button>
          )}
          <Button
            flex={{ sm: '1' }}
            variant="outline"
            onClick={() => {
              logout()
              navigate('/login', { replace: true })
            }}
          >
            Back to Login
          </Button>
        </Stack>
      </Stack>
    </AuthLayout>
  )
}
