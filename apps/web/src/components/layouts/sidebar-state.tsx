import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

import { SIDEBAR } from '@/config/constants';
import { useIsMobile } from '@/hooks/use-is-mobile';

/** The saved open state: the `sidebar_state` cookie (7 days); open when absent. */
export function readSidebarCookie(cookie: string = document.cookie): boolean {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR.cookieName}=`));
  return entry ? entry.slice(SIDEBAR.cookieName.length + 1) !== 'false' : true;
}

export function writeSidebarCookie(isOpen: boolean) {
  document.cookie = `${SIDEBAR.cookieName}=${String(isOpen)}; path=/; max-age=${SIDEBAR.cookieMaxAgeSeconds}; SameSite=Lax`;
}

/** Ctrl+key on Windows/Linux, Cmd+key on macOS; no other modifiers. */
export function isShortcut(event: KeyboardEvent, key: string): boolean {
  return (
    (event.metaKey || event.ctrlKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === key
  );
}

type SidebarContextValue = {
  /** Desktop: expanded (16rem) or collapsed to icons (3rem). */
  isOpen: boolean;
  /** Mobile: the drawer is open. */
  isMobileOpen: boolean;
  isMobile: boolean;
  setMobileOpen: (isOpen: boolean) => void;
  toggle: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [isOpen, setOpen] = useState(() => readSidebarCookie());
  const [isMobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
      return;
    }
    setOpen((open) => {
      writeSidebarCookie(!open);
      return !open;
    });
  }, [isMobile]);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event, SIDEBAR.toggleKey)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ isOpen, isMobileOpen, isMobile, setMobileOpen, toggle }),
    [isOpen, isMobileOpen, isMobile, toggle],
  );
  return <SidebarContext value={value}>{children}</SidebarContext>;
}

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>.');
  return context;
}
