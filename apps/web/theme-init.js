// Applies the stored theme before the first paint, so dark mode never flashes white.
(function () {
  try {
    if (window.localStorage.getItem("chatsphere.theme") === "dark") {
      window.document.documentElement.classList.add("dark");
    }
  } catch {
    // Storage may be blocked; light is the default.
  }
})();
