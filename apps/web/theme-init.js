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

// A page the server painted (decision 0030) shows its buttons before the app has taken it
// over, and a click on one would do nothing. Such a click is kept here and given to the
// button once the app runs (main.tsx calls __chatsphereEarlyClicks). Links work as links.
(function () {
  const kept = [];
  function keep(event) {
    const button = event.target instanceof Element ? event.target.closest("#root button") : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    if (!kept.includes(button)) kept.push(button);
  }
  document.addEventListener("click", keep, true);
  window.__chatsphereEarlyClicks = function () {
    document.removeEventListener("click", keep, true);
    return kept.splice(0);
  };
})();
