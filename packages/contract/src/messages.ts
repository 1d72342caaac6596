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
  nameInvalidCharacters: "Name cannot contain control characters",
  imageNotAllowed: "Profile pictures must be uploaded to this site",
  passwordToDelete: "Enter your password to delete your account",
  bioTooLong: "Bio must be at most 500 characters",
  feedbackEmpty: "Feedback cannot be empty.",
  commentEmpty: "Comment cannot be empty.",
  roomNameMin: "Name must be at least 3 characters",
  slugKebab: "Slug must be in kebab-case format (lowercase letters, numbers, and hyphens only)",
  tagRequired: "At least 1 tag is required",
  messageEmpty: "Message cannot be empty.",
  messageTooLong: "Message must be at most 2000 characters",
  /** A page cursor the server did not hand out, or one of another list. */
  invalidPageCursor: "Invalid page cursor. Reload the list and try again.",
} as const;

/** Refusals of message inputs; an unknown cursor and another room's read the same (no leak). */
export const MESSAGE_ERROR = {
  invalidClientId: "Client id must be 1-64 letters, digits, - or _",
  invalidCursor: "Invalid message id",
  unknownCursor: "That message is not in this room.",
  oneCursor: "Page with before or after, not both.",
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
  // Chat (SPEC §8 "Messages", "Stranger", "Rooms").
  sendMessageFailed: "Failed to send message",
  loadHistoryFailed: "Failed to load chat history",
  startChatFailed: (reason: string) => `Failed to start chat: ${reason}`,
  startMatchingFailed: "Failed to start matching. Please try again.",
  findNewMatchFailed: "Failed to find a new match. Please try again.",
  skipFailed: "Failed to skip stranger. Please try again.",
  noMatchTitle: "No match found",
  noMatchDescription: "No users found within 10 seconds. Try again later!",
  strangerSkippedYou: "The stranger skipped you. Looking for a new match...",
  strangerLeft: "The stranger has left. Finding a new match...",
  chatEndedOffline: "You were disconnected, so the chat ended.",
  leftRoom: "Left room successfully",
  joinedRoom: "Joined room successfully",
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
  // Chat screen (SPEC §2 "Chat screen", §4, §5).
  chatRoomsTab: "Chat Rooms",
  strangerChatTab: "Stranger Chat",
  followingTab: "Following",
  connecting: "Connecting...",
  noMatchDialog: "No match found. Try again!",
  /** The stranger-chat reason the server sends with stranger_no_matches after the wait. */
  noMatchReason: "No users found within 10 seconds. Try again later!",
  changeRoom: "Change Room",
  loadMoreRooms: "Load more rooms",
  loadMoreMembers: "Load more members",
  loadMorePeople: "Load more",
  membersHeading: (n: number) => `Members · ${n}`,
  linkAccountTitle: "Link your account",
  linkAccountBody:
    "Guests can chat with strangers. To join chat rooms and follow people, link Google or Facebook from your profile, or create an account with your e-mail.",
  welcomeTitle: (brand: string) => `Welcome to ${brand}`,
  typing: (name: string) => `${name} is typing...`,
  onlineCount: (n: number) => `${n} ${n === 1 ? "person" : "people"} online`,
  loadEarlierMessages: "Load earlier messages",
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
  notRoomMember: "You are not a member of this room.",
  roomNotFound: "Room not found",
  roomLocked: "This room is locked.",
  bannedFromRoom: "You have been banned from this room.",
  notInStrangerChat: "You are not in this stranger chat.",
  connectFirst: "Connect to the chat first, then start matching.",
  chatEnded: "This chat has ended.",
  rateLimited: "You are doing that too often. Please wait a moment and try again.",
  tooManyConnections: "Too many open connections. Close another tab and try again.",
} as const;
