-- Each budget's limit over time. A limit applies from the month it was set until the next
-- change; a NULL limit marks the month the budget was removed. `budgets` keeps the current
-- limits; both change in the same transaction.
CREATE TABLE budget_limits (
    user_id     uuid   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category_id uuid   NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    from_month  date   NOT NULL CHECK (extract(day FROM from_month) = 1),
    limit_pence bigint CHECK (limit_pence > 0),
    PRIMARY KEY (user_id, category_id, from_month)
);

-- Budgets set before there was a history apply from the month they were created.
INSERT INTO budget_limits (user_id, category_id, from_month, limit_pence)
SELECT user_id, category_id, date_trunc('month', created_at AT TIME ZONE 'Europe/London')::date, limit_pence
FROM budgets;
