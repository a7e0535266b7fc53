DROP TABLE household_members;
DROP TABLE households;
