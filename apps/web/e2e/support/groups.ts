import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A token for API set-up steps, as the login form would get it. */
export async function loginByApi(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/users/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export interface CreatedGroup {
  _id: string;
  groupName: string;
  linkURL: string;
  inviteLink: string;
  inviteURL: string;
}

/** Creates a group through the API, for tests whose subject is not the create form. */
export async function createGroupByApi(
  request: APIRequestContext,
  token: string,
  group: { groupName: string; gameName: string; isPrivate?: boolean },
) {
  const res = await request.post('/api/groups/createGroup', { headers: { authorization: token }, data: { isPrivate: true, ...group } });
  expect(res.status()).toBe(200);
  return (await res.json()) as CreatedGroup;
}

export async function addCardByApi(request: APIRequestContext, token: string, groupID: string, title: string, body = '') {
  const res = await request.post('/api/components/postGroupCard', { headers: { authorization: token }, data: { groupID, title, body } });
  expect(res.status()).toBe(200);
}

export async function joinByApi(request: APIRequestContext, token: string, userID: string, group: CreatedGroup) {
  const res = await request.post('/api/groups/joinGroup', {
    headers: { authorization: token },
    data: { groupID: group._id, userID, inviteLink: group.inviteLink },
  });
  expect(res.status()).toBe(200);
}

/** The titles of the Welcome cards, in the order the page shows them. */
export const welcomeTitles = (page: Page) => page.getByRole('list', { name: 'Welcome cards' }).getByRole('heading').allTextContents();

/** A unique group name per test, so parallel tests never see each other's groups. */
let counter = 0;
export function groupName(prefix = 'Group') {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${process.pid}${counter}`;
}
