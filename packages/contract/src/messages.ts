/**
 * Every user-facing text of SPEC §5 (validation) and §8 (toasts and errors), word for word.
 * Forms, server validators and tests all import them from here.
 */
export const VALIDATION = {
  invalidEmail: "Invalid email address",
  passwordMin: "Password must be at least 8 characters",
  confirmPassword: "Confirm your password",
  passwordsDoNotMatch: "Passwords do not match",
  passwordsDontMatch: "Passwords don't match",
  currentPasswordRequired: "Enter your current password",
  forgotInvalidEmail: "Please enter a valid email address",
  noAccountForEmail:
    "No account found with this email address. Please check your email or create a new account.",
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 60 characters",
  bioTooLong: "Bio must be at most 500 characters",
  feedbackEmpty: "Feedback cannot be empty.",
  commentEmpty: "Comment cannot be empty.",
  roomNameMin: "Name must be at least 3 characters",
  slugKebab: "Slug must be in kebab-case format (lowercase letters, numbers, and hyphens only)",
  tagRequired: "At least 1 tag is required",
} as const;

export const TOAST = {
  loggedOut: "Logged out successfully",
  logOutFailed: "There was an error logging out. Please try again.",
  guestSignedIn: "Signed in as guest",
  guestSignInFailed: "There was an error signing in. Please try again.",
  queryError: (message: string) => `Error: ${message}`,
  passwordChanged: "Password changed successfully",
  profileUpdated: "Profile updated successfully",
  signUpSuccess: "Sign up successful",
  signInSuccess: "Sign in successful",
  logInSuccess: "Log in successful",
  adminCreated: "Admin created successfully",
  adminCreationFailed: "Admin creation failed, try again",
  invalidResetToken: "Invalid reset token",
  passwordReset: "Password reset successfully! You can now log in.",
  resetFailed: "Failed to reset password",
  resetLinkSent: "Password reset link sent! Check your email.",
  resetEmailFailed: "Failed to send reset email",
  genericError: "An error occurred. Please try again.",
  ageConfirmed: "Thank you for confirming your age.",
  welcome: (brand: string) => `Welcome to ${brand}! Enjoy chatting safely.`,
  providerNotConfigured: (provider: string) =>
    `${provider} sign-in is not configured on this server.`,
} as const;

export const TEXT = {
  loadingTitle: (brand: string) => `Loading ${brand}...`,
  loadingSubtitle: "Please wait a moment",
  invalidLinkTitle: "Invalid Link",
  invalidLinkBody: "This password reset link is invalid or has expired.",
  newAdminAccount: "New Admin Account",
  adminLogIn: "Admin Log In",
  guestLogin: "Guest Login",
  logIn: "Log In",
  signUp: "Sign Up",
  logOut: "Log Out",
  ctaTitle: "Ready to Start Chatting?",
  exploreBlog: "Explore Blog",
  getStarted: "Get Started",
  learnMore: "Learn More",
  newBlog: "New Blog",
  notFoundTitle: "Page not found",
} as const;

/** Server-side permission and error texts (SPEC §8). */
export const PERMISSION = {
  notAllowed: (resource: string) => `You are not allowed to access resource: ${resource}`,
  unauthorized: "unauthorized to access resource",
  notAuthorized: "Not authorized",
  foreignOrigin: "Cross-origin request refused",
  adminExists: "An admin already exists. Ask an admin to create your account.",
  emailTaken: "An account with this email already exists.",
  guestsNotAllowed: "Guests cannot do this. Link your account first.",
} as const;
