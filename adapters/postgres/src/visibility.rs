//! What a member sees of their household: its shared accounts and their own private ones, and of
//! the rows on accounts (transactions, month totals, templates) only those on such an account.
//! Every statement that reads accounts or their rows for a member says so with one of these
//! rules; tests/api/private_accounts.rs reads every route as another member and finds nothing of
//! a private account in any answer.

/// Whether the account `$a` (an alias) is one the member (the bind `$member`) sees.
macro_rules! sees_account {
    ($a:literal, $member:literal) => {
        concat!("(", $a, ".visibility = 'household' OR ", $a, ".owner_id = ", $member, ")")
    };
}
pub(crate) use sees_account;

/// The household's (`$household`) accounts the member (`$member`) does not see: the other
/// members' private ones, as a parenthesised subquery.
macro_rules! hidden_accounts {
    ($household:literal, $member:literal) => {
        concat!(
            "(SELECT id FROM accounts WHERE household_id = ",
            $household,
            " AND visibility = 'private' AND owner_id <> ",
            $member,
            ")"
        )
    };
}
pub(crate) use hidden_accounts;

/// Whether the (non-null) account id `$column` is one the member (`$member`) of the household
/// (`$household`) sees: not another member's private account. An uncorrelated subquery, hashed
/// once per statement, so it costs the same over ten rows as over a million.
macro_rules! on_seen_account {
    ($column:literal, $household:literal, $member:literal) => {
        concat!($column, " NOT IN ", $crate::visibility::hidden_accounts!($household, $member))
    };
}
pub(crate) use on_seen_account;
