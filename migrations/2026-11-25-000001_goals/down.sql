DROP TABLE goal_contributions;
DROP TABLE goals;
