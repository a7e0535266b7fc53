//! Month-on-month and year-on-year comparison of spending by category, with the largest changes.

use crate::categories::CategoryId;
use crate::Money;

/// One category's spending in a month (positive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategorySpend {
    pub id: CategoryId,
    pub name: String,
    pub total: Money,
}

/// One category this month against another month.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComparisonLine {
    pub id: CategoryId,
    pub name: String,
    pub this_month: Money,
    pub then: Money,
    /// This month less then: positive when more was spent.
    pub change: Money,
    /// The change as tenths of a percent of then, rounded half away from zero; `None` when
    /// nothing was spent then.
    pub change_permille: Option<i64>,
}

/// Every category spent on in either month, the largest change (either way) first, then by name.
pub fn compare(this_month: &[CategorySpend], then: &[CategorySpend]) -> Vec<ComparisonLine> {
    let mut lines: Vec<ComparisonLine> = Vec::new();
    let mut add = |s: &CategorySpend, now: bool| match lines.iter_mut().find(|l| l.id == s.id) {
        Some(l) if now => l.this_month += s.total,
        Some(l) => l.then += s.total,
        None => lines.push(ComparisonLine {
            id: s.id,
            name: s.name.clone(),
            this_month: if now { s.total } else { Money::ZERO },
            then: if now { Money::ZERO } else { s.total },
            change: Money::ZERO,
            change_permille: None,
        }),
    };
    this_month.iter().for_each(|s| add(s, true));
    then.iter().for_each(|s| add(s, false));
    for l in &mut lines {
        l.change = l.this_month - l.then;
        l.change_permille = (l.then != Money::ZERO).then(|| {
            let (change, then) = (i128::from(l.change.pence()) * 1000, i128::from(l.then.pence()));
            let rounded = (change.abs() * 2 + then.abs()) / (then.abs() * 2);
            (rounded * change.signum() * then.signum()) as i64
        });
    }
    lines.retain(|l| l.this_month != Money::ZERO || l.then != Money::ZERO);
    lines.sort_by(|a, b| b.change.abs().cmp(&a.change.abs()).then_with(|| a.name.cmp(&b.name)));
    lines
}

/// The five largest changes (either way) of a comparison; unchanged categories are not changes.
pub fn largest_changes(lines: &[ComparisonLine]) -> Vec<ComparisonLine> {
    lines.iter().filter(|l| l.change != Money::ZERO).take(5).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn spend(id: u128, name: &str, pence: i64) -> CategorySpend {
        CategorySpend { id: CategoryId(Uuid::from_u128(id)), name: name.into(), total: Money::from_pence(pence) }
    }

    #[test]
    fn each_category_is_compared_and_the_largest_change_comes_first() {
        let lines = compare(
            &[spend(1, "Groceries", 30_000), spend(2, "Eating Out", 5_000), spend(4, "Travel", 12_345)],
            &[spend(1, "Groceries", 20_000), spend(2, "Eating Out", 15_000), spend(3, "Gifts", 1_000)],
        );
        let got: Vec<(&str, i64, i64, i64, Option<i64>)> = lines
            .iter()
            .map(|l| (l.name.as_str(), l.this_month.pence(), l.then.pence(), l.change.pence(), l.change_permille))
            .collect();
        assert_eq!(
            got,
            vec![
                ("Travel", 12_345, 0, 12_345, None),
                ("Eating Out", 5_000, 15_000, -10_000, Some(-667)),
                ("Groceries", 30_000, 20_000, 10_000, Some(500)),
                ("Gifts", 0, 1_000, -1_000, Some(-1000)),
            ],
            "a tie in size goes by name; nothing spent then has no percentage"
        );
    }

    #[test]
    fn the_largest_changes_are_at_most_five_and_never_no_change() {
        let now: Vec<CategorySpend> = (1..=7).map(|i| spend(i, &format!("c{i}"), i as i64 * 100)).collect();
        let lines = compare(&now, &[spend(7, "c7", 700)]);
        let largest = largest_changes(&lines);
        assert_eq!(largest.len(), 5);
        assert_eq!(largest[0].name, "c6");
        assert!(largest.iter().all(|l| l.change != Money::ZERO));
        assert!(compare(&[], &[]).is_empty());
    }
}
