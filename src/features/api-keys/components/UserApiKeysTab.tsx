import { ApiKeysTable } from './ApiKeysTable';

/** The user detail's API Keys tab: a business user's own keys. */
export function UserApiKeysTab({ userId, tenantId }: { userId: string; tenantId: string }) {
  return <ApiKeysTable scope={{ tenantId, userId }} />;
}

export default UserApiKeysTab;
