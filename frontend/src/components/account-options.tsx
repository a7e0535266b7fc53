import { accountOptionLabel } from '@/lib/ledger/account-types'

/** One `<option>` per account, labelled as every account picker labels it ('Name (Type)'). */
export function AccountOptions({ accounts }: { accounts: readonly { _id: string; name: string; type: string }[] }) {
  return (
    <>
      {accounts.map((a) => (
        <option key={a._id} value={a._id}>
          {accountOptionLabel(a)}
        </option>
      ))}
    </>
  )
}
