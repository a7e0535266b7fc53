//! Every SQL statement this adapter sends is written with [`sql!`] and sent with [`query`], or,
//! for the few whose shape depends on the request, built by a function whose module lists its
//! shapes ([`shapes!`]) and sent with [`built`]. tests/db/statements.rs prepares each one against
//! the freshly migrated schema: a renamed column, a dropped table or a type that no longer fits
//! fails one test naming the file and line, whether or not another test runs the query. Raw SQL
//! is the house style (docs/decisions.md); this is what keeps it checked, and
//! scripts/check-architecture.sh keeps `diesel::sql_query` in this file alone.

use diesel::query_builder::SqlQuery;

/// A statement written with [`sql!`]: its text is known when the crate is compiled.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sql(pub(crate) &'static str);

/// The query of a statement written with [`sql!`].
pub(crate) fn query(statement: Sql) -> SqlQuery {
    diesel::sql_query(statement.0)
}

/// The query of a statement built at run time by a module that registers its shapes.
pub(crate) fn built(statement: String) -> SqlQuery {
    diesel::sql_query(statement)
}

/// One statement as written in the source.
#[cfg(feature = "test-support")]
#[derive(Debug)]
pub struct Statement {
    pub sql: &'static str,
    pub file: &'static str,
    pub line: u32,
}

/// The statements written with [`sql!`] anywhere in this crate, gathered by the linker.
#[cfg(feature = "test-support")]
#[linkme::distributed_slice]
pub static STATEMENTS: [Statement];

/// A statement: its parts (string literals, or macros that expand to them, such as a shared
/// column list) joined at compile time, and registered for the prepare test.
macro_rules! sql {
    ($($part:expr),+ $(,)?) => {{
        const SQL: &str = concat!($($part),+);
        #[cfg(feature = "test-support")]
        #[linkme::distributed_slice($crate::statements::STATEMENTS)]
        static STATEMENT: $crate::statements::Statement =
            $crate::statements::Statement { sql: SQL, file: file!(), line: line!() };
        $crate::statements::Sql(SQL)
    }};
}
pub(crate) use sql;

/// A function listing every shape of the statements a module builds at run time (a WHERE
/// clause that depends on the request, a table of a fixed list): each with no option and with
/// every option at once. It may read the catalog through the connection.
#[cfg(feature = "test-support")]
#[derive(Debug)]
pub struct Shapes {
    pub file: &'static str,
    pub shapes: fn(&mut diesel::PgConnection) -> Vec<String>,
}

/// The modules' shape functions, registered with [`shapes!`].
#[cfg(feature = "test-support")]
#[linkme::distributed_slice]
pub static SHAPES: [Shapes];

/// Registers a module's shape function (built only with the test-support feature).
macro_rules! shapes {
    ($function:path) => {
        #[cfg(feature = "test-support")]
        #[linkme::distributed_slice($crate::statements::SHAPES)]
        static SHAPES: $crate::statements::Shapes = $crate::statements::Shapes { file: file!(), shapes: $function };
    };
}
pub(crate) use shapes;
