DROP TABLE household_invitations;
