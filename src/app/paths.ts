export { DASHBOARD_PATH, SIGN_IN_PATH } from '../lib/paths';
