//! The ids of the records the use cases hand around, each its own type, so a goal's id cannot be
//! passed where a contribution's is wanted. (The ledger's — accounts, categories, transactions,
//! users — are in their modules.) New ids are UUIDv7: time-ordered, so a table's primary-key
//! index grows at its end.

use std::fmt;

use uuid::Uuid;

macro_rules! ids {
    ($($(#[$meta:meta])* $name:ident;)+) => {$(
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub Uuid);

        impl $name {
            /// A new id (UUIDv7).
            pub fn generate() -> Self {
                Self(Uuid::now_v7())
            }
        }

        impl From<Uuid> for $name {
            fn from(id: Uuid) -> Self {
                Self(id)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    )+};
}

ids! {
    /// A household: the people who share one set of books.
    HouseholdId;
    /// An invitation into a household.
    InvitationId;
    /// A savings goal.
    GoalId;
    /// A contribution to a goal.
    ContributionId;
    /// A household inventory item.
    InventoryItemId;
    /// An entry of the shopping list.
    ShoppingEntryId;
    /// A recurring template.
    RecurringTemplateId;
    /// A categorisation rule.
    RuleId;
    /// A statement import.
    ImportId;
    /// A category's monthly budget.
    BudgetId;
    /// A bank connection.
    BankConnectionId;
    /// A signed-in device's session.
    SessionId;
    /// A member's personal access token.
    TokenId;
    /// A receipt attached to a transaction.
    ReceiptId;
}
