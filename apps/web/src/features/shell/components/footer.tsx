import { Link } from "@tanstack/react-router";
import { BRAND, BRAND_TAGLINE } from "@chatsphere/contract";
import { Logo } from "@/components/logo";
import { FacebookIcon, InstagramIcon, XIcon } from "@/components/social-icons";

const SOCIAL = [
  { label: `${BRAND} on X`, href: "https://x.com/chatsphere", Icon: XIcon },
  {
    label: `${BRAND} on Instagram`,
    href: "https://www.instagram.com/chatsphere",
    Icon: InstagramIcon,
  },
  {
    label: `${BRAND} on Facebook`,
    href: "https://www.facebook.com/chatsphere",
    Icon: FacebookIcon,
  },
];

const linkClass = "text-sm text-muted-foreground transition-colors hover:text-foreground";

export function Footer() {
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">{BRAND_TAGLINE}</p>
          <div className="flex gap-2">
            {SOCIAL.map(({ label, href, Icon }) => (
              <a
                key={href}
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={label}
                className="rounded-lg p-2 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
              >
                <Icon className="size-5" />
              </a>
            ))}
          </div>
        </div>
        <div className="grid grid-cols-3 gap-6">
          <nav aria-label="Chat" className="grid content-start gap-2">
            <h2 className="text-sm font-semibold">Chat</h2>
            <Link to="/chat" search={{ tab: "stranger-chat" }} className={linkClass}>
              Stranger Chat
            </Link>
            <Link to="/chat" search={{ tab: "chat-rooms" }} className={linkClass}>
              Chat Rooms
            </Link>
            <Link to="/chat" search={{ tab: "following" }} className={linkClass}>
              Following
            </Link>
          </nav>
          <nav aria-label="Company" className="grid content-start gap-2">
            <h2 className="text-sm font-semibold">Company</h2>
            <Link to="/about" className={linkClass}>
              About
            </Link>
            <Link to="/blogs" className={linkClass}>
              Blog
            </Link>
            <Link to="/feedback" className={linkClass}>
              Feedback
            </Link>
          </nav>
          <nav aria-label="Legal" className="grid content-start gap-2">
            <h2 className="text-sm font-semibold">Legal</h2>
            <Link to="/" className={linkClass}>
              Terms
            </Link>
            <Link to="/" className={linkClass}>
              Privacy
            </Link>
          </nav>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} {BRAND}. For adults 18+ only. Be kind, stay safe.
        </p>
      </div>
    </footer>
  );
}
