// Identity as a person meets it: a guest name on the first visit, signing up (the guest's game
// stays theirs), signing in on another device and finding their seat there, a wrong password.
import { expect } from "@playwright/test";
import { createInvite, newPage, test } from "./helpers";

test("a guest signs up, then plays their game from another device after signing in", async ({ browser }) => {
  const laptop = await newPage(browser);
  await laptop.goto("/");
  await expect(laptop.getByTestId("nav-me")).toContainText("(guest)");
  const guestName = (await laptop.getByTestId("nav-me").innerText()).replace("(guest)", "").trim();
  expect(guestName).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);

  // A game as the guest: black, waiting for a friend.
  const link = await createInvite(laptop);

  // Sign up: the same person, now with a name and a password.
  const name = `Ada${Date.now() % 1_000_000}`;
  await laptop.getByTestId("nav-me").click();
  await expect(laptop.getByTestId("account-name")).toHaveText(guestName);
  const signUp = laptop.getByTestId("form-sign-up");
  await signUp.getByLabel("Name").fill(name);
  await signUp.getByLabel("Password").fill("a long password");
  await signUp.getByRole("button", { name: "Create account" }).click();
  await expect(laptop.getByTestId("nav-me")).toHaveText(name);
  await expect(laptop.getByTestId("account-kind")).toContainText("Signed in to your account");

  // Another device: a fresh browser signs in; the game's black seat is theirs there too.
  const phone = await newPage(browser);
  await phone.goto("/account");
  const signIn = phone.getByTestId("form-sign-in");
  await signIn.getByLabel("Name").fill(name.toLowerCase());
  await signIn.getByLabel("Password").fill("wrong password");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(signIn.getByRole("alert")).toHaveText("Wrong name or password.");
  await signIn.getByLabel("Password").fill("a long password");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(phone.getByTestId("nav-me")).toHaveText(name);
  // The rename form now holds the account's name, not the guest's it replaced.
  await expect(phone.getByTestId("form-rename").getByLabel("Name")).toHaveValue(name);
  await phone.goto(link);
  await expect(phone.getByTestId("game")).toHaveAttribute("data-my-color", "1");

  // A friend opens the link and the game starts; the phone plays black's first move.
  const friend = await newPage(browser);
  await friend.goto(link);
  await expect(friend.getByTestId("game")).toHaveAttribute("data-my-color", "2");
  await expect(phone.getByTestId("status")).toHaveText("Your move (black)");
  await phone.getByTestId("pt-h8").click();
  await laptop.goto(link);
  await expect(laptop.getByTestId("game")).toHaveAttribute("data-my-color", "1");
  await expect(laptop.getByTestId("pt-h8")).toHaveAttribute("data-stone", "1");
  await expect(friend.getByTestId("pt-h8")).toHaveAttribute("data-stone", "1");

  // Signing out on the phone: a new guest, who only watches the game.
  await phone.goto("/account");
  await phone.getByTestId("sign-out").click();
  await expect(phone.getByTestId("nav-me")).toContainText("(guest)");
  await phone.goto(link);
  await expect(phone.getByTestId("game")).toHaveAttribute("data-my-color", "none");
});

test("an account changes its password (the other device is signed out) and signs out everywhere", async ({ browser }) => {
  const name = `Pat${Date.now() % 1_000_000}`;
  const laptop = await newPage(browser);
  await laptop.goto("/account");
  const signUp = laptop.getByTestId("form-sign-up");
  await signUp.getByLabel("Name").fill(name);
  await signUp.getByLabel("Password").fill("a long password");
  await signUp.getByRole("button", { name: "Create account" }).click();
  await expect(laptop.getByTestId("nav-me")).toHaveText(name);

  const signInOn = async (page: typeof laptop, password: string) => {
    await page.goto("/account");
    const form = page.getByTestId("form-sign-in");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Sign in" }).click();
  };
  const phone = await newPage(browser);
  await signInOn(phone, "a long password");
  await expect(phone.getByTestId("nav-me")).toHaveText(name);

  // The laptop changes the password: a wrong current one is refused, the right one works.
  const form = laptop.getByTestId("form-password");
  await form.getByLabel("Current password").fill("not my password");
  await form.getByLabel("New password").fill("a newer password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert")).toHaveText("The current password is wrong.");
  await form.getByLabel("Current password").fill("a long password");
  await form.getByLabel("New password").fill("a newer password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("status")).toHaveText("Password changed. Every other device is signed out.");
  await expect(laptop.getByTestId("nav-me")).toHaveText(name);
  // The phone's session is over.
  await phone.reload();
  await expect(phone.getByTestId("nav-me")).toContainText("(guest)");
  // The old password no longer signs in; the new one does.
  await signInOn(phone, "a long password");
  await expect(phone.getByTestId("form-sign-in").getByRole("alert")).toHaveText("Wrong name or password.");
  await signInOn(phone, "a newer password");
  await expect(phone.getByTestId("nav-me")).toHaveText(name);

  // Sign out everywhere from the phone: the phone is a new guest at once, the laptop on its next page.
  await phone.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(phone.getByTestId("nav-me")).toContainText("(guest)");
  await laptop.goto("/account");
  await expect(laptop.getByTestId("nav-me")).toContainText("(guest)");
});

test("a stranger locked out of a name does not lock out its owner, whose browser has signed in before", async ({ browser }) => {
  const name = `Kai${Date.now() % 1_000_000}`;
  const owner = await newPage(browser);
  await owner.goto("/account");
  const signUp = owner.getByTestId("form-sign-up");
  await signUp.getByLabel("Name").fill(name);
  await signUp.getByLabel("Password").fill("a long password");
  await signUp.getByRole("button", { name: "Create account" }).click();
  await expect(owner.getByTestId("nav-me")).toHaveText(name);
  await owner.getByTestId("sign-out").click();
  await expect(owner.getByTestId("nav-me")).toContainText("(guest)");

  // A stranger's browser guesses (same address here: a classroom): 8 wrong, then refused, the right password too.
  const stranger = await newPage(browser);
  await stranger.goto("/account");
  const codes: number[] = [];
  for (let i = 0; i < 9; i++) codes.push((await stranger.request.post("/api/auth/signin", { data: { name, password: `guess ${i}` } })).status());
  expect(codes).toEqual([...Array(8).fill(401), 429]);
  const strangerForm = stranger.getByTestId("form-sign-in");
  await strangerForm.getByLabel("Name").fill(name);
  await strangerForm.getByLabel("Password").fill("a long password");
  await strangerForm.getByRole("button", { name: "Sign in" }).click();
  await expect(strangerForm.getByRole("alert")).toContainText("Too many requests");

  // The owner, from the browser they used, signs in.
  const form = owner.getByTestId("form-sign-in");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Password").fill("a long password");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(owner.getByTestId("nav-me")).toHaveText(name);
});
