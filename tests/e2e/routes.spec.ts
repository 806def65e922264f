import { expect, signInTo, storedSession, test } from './fixtures.ts';

test.describe('a guest', () => {
  test('is sent from the root path to sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Waypost' })).toBeVisible();
  });

  // One page walks the protected paths: each is a fresh load of the app, which is all a test of its own gave.
  test("is sent from every protected path through '/' to sign-in", async ({ page }) => {
    let visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    for (const path of ['/dashboard', '/acme', '/acme/dashboard', '/acme/admin', '/acme/dispatcher', '/acme/driver', '/acme/customer', '/globex/admin']) {
      await test.step(path, async () => {
        visited = [];
        await page.goto(path);
        await expect(page, `from ${path}`).toHaveURL(/\/sign-in$/);
        await expect(page.getByLabel('Email')).toBeVisible();
        expect(visited, `${path} passes through /`).toContain('/');
      });
    }
  });

  test('sees the sign-up page of a tenant', async ({ page }) => {
    await page.goto('/acme/sign-up');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });
});

test.describe('a signed-in user', () => {
  test('is sent from guest pages and dashboard roots to their panel', async ({ page }) => {
    await signInTo(page, 'dispatcher@acme.test', '/acme/dispatcher');
    for (const path of ['/', '/sign-in', '/acme/sign-up', '/globex/sign-up', '/dashboard', '/acme', '/acme/dashboard']) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL(/\/acme\/dispatcher$/);
    }
  });
});

test.describe('domain verification', () => {
  test('an unknown tenant slug clears local storage and starts over at /', async ({ page }) => {
    await page.goto('/sign-in');
    await page.evaluate("localStorage.setItem('waypost:marker', 'kept?')");
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/no-such-business/admin');
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(visited).toContain('/');
    const { origins } = await page.context().storageState();
    expect(origins.flatMap((origin) => origin.localStorage).map((item) => item.name)).not.toContain('waypost:marker');
  });

  test('signs a user out when the slug does not verify', async ({ page }) => {
    await signInTo(page, 'admin@acme.test', '/acme/admin');
    await page.goto('/no-such-business');
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(await storedSession(page)).toBe(false);
  });

  test('no answer from the server is not a verdict: the session stays and the visitor can try again', async ({ page }) => {
    await signInTo(page, 'admin@acme.test', '/acme/admin');
    let answer = false;
    await page.route('**/functions/v1/public/verify-domain/**', (route) =>
      answer ? route.fallback() : route.fulfill({ status: 503, json: { error: { message: 'Service unavailable' } } }),
    );
    await page.goto('/acme/admin');
    await expect(page.getByRole('heading', { name: 'Could not reach Waypost' })).toBeVisible();
    expect(await storedSession(page)).toBe(true);
    answer = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/acme\/admin$/);
    await expect(page.getByRole('heading', { name: 'Could not reach Waypost' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('asks the public function once per slug, and never for the app paths', async ({ page }) => {
    const verified: string[] = [];
    page.on('request', (request) => {
      const match = /\/functions\/v1\/public\/verify-domain\/([^/?]+)/.exec(request.url());
      if (match?.[1]) verified.push(match[1]);
    });
    for (const path of ['/sign-in', '/reset-password', '/update-password', '/verify', '/tracking', '/businesses', '/blank', '/error/404']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
    }
    expect(verified).toEqual([]);
    await page.goto('/acme/sign-up');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/acme\/sign-up$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(verified).toEqual(['acme']);
  });
});

test.describe('shared pages', () => {
  test('an unknown path shows the not-found page with the spec texts and title', async ({ page }) => {
    await page.goto('/acme/no/such/page');
    await expect(page).toHaveTitle('404 page not found! | Error');
    await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
    await expect(page.getByText(/couldn’t find the page.*check your spelling/)).toBeVisible();

    await page.getByRole('link', { name: 'Go to home' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("'Go to home' takes a signed-in user to their panel", async ({ page }) => {
    await signInTo(page, 'driver@acme.test', '/acme/driver');
    await page.goto('/error/404');
    await expect(page).toHaveTitle('404 page not found! | Error');
    await page.getByRole('link', { name: 'Go to home' }).click();
    await expect(page).toHaveURL(/\/acme\/driver$/);
  });

  test('an unknown path inside a panel area shows the not-found page to its user', async ({ page }) => {
    await signInTo(page, 'admin@acme.test', '/acme/admin');
    await page.goto('/acme/admin/not-yet');
    await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
    // The link leaves the panel's nested routes: home, not /acme/admin/dashboard.
    await expect(page.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/dashboard');
    await page.getByRole('link', { name: 'Go to home' }).click();
    await expect(page).toHaveURL(/\/acme\/admin$/);
  });

  test('unknown paths of every kind show the not-found page', async ({ page }) => {
    for (const path of ['/error/404', '/acme/driver/anything', '/businesses/extra', '/error']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Sorry, page not found!' }), path).toBeVisible();
    }
  });

  test('the 403 and 500 error pages', async ({ page }) => {
    await page.goto('/error/403');
    await expect(page.getByRole('heading', { name: 'Permission denied' })).toBeVisible();
    await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
    await page.goto('/error/500');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toHaveCount(0);
  });

  test('/blank is an empty page in the main layout', async ({ page }) => {
    await page.goto('/blank');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toHaveCount(0);
  });
});
