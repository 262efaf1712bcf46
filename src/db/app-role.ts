/**
 * The role the API, the worker and the CLI connect as (least privilege: see the `app-role`
 * migration). Migrations connect as the database owner (DATABASE_URL).
 */
export const APP_ROLE = 'compliance_app';
