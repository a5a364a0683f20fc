import { CircleUserIcon, LogOutIcon, MessageSquareTextIcon } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';

export type AccountMenuLink = { label: string; href: string };

export type AccountMenuProps = {
  /** Null while the member has not given a real name: the email stands alone then. */
  name: string | null;
  email: string;
  avatarUrl?: string | null;
  /** The plan's billing items (from `menuItemsFor`), already filtered. */
  billingLinks: readonly AccountMenuLink[];
  /**
   * "Contact us": called once the menu has closed and given focus back to its trigger, so a dialog
   * opened here takes focus from the trigger and returns it there when it closes.
   */
  onContact: () => void;
  onSignOut: () => void;
};

/**
 * The profile dropdown: name, email, avatar; plan items, Account, Contact us, Log out.
 */
export function AccountMenu({
  name,
  email,
  avatarUrl,
  billingLinks,
  onContact,
  onSignOut,
}: AccountMenuProps) {
  // Set by "Contact us"; acted on when the menu has finished closing (see `onContact`).
  const isContactRequested = useRef(false);
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology while focus
    // can still reach it (axe: aria-hidden-focus).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label="Account menu">
          {avatarUrl ? (
            <img
              src={avatarUrl}
              alt=""
              className="size-7 rounded-full"
              referrerPolicy="no-referrer"
            />
          ) : (
            <CircleUserIcon className="size-6" aria-hidden />
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-60"
        onCloseAutoFocus={() => {
          if (!isContactRequested.current) return;
          isContactRequested.current = false;
          onContact();
        }}
      >
        <DropdownMenuLabel className="flex flex-col">
          <span className="truncate">{name ?? email}</span>
          {name === null ? null : (
            <span className="text-muted-foreground truncate text-xs font-normal">{email}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {name === null ? (
          <DropdownMenuItem asChild>
            <Link to={paths.profile.getHref()}>Add your name</Link>
          </DropdownMenuItem>
        ) : null}
        {billingLinks.map((link) => (
          <DropdownMenuItem key={link.href + link.label} asChild>
            <Link to={link.href}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem asChild>
          <Link to={paths.profile.getHref()}>Account</Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            isContactRequested.current = true;
          }}
        >
          <MessageSquareTextIcon aria-hidden />
          Contact us
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOutIcon aria-hidden />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
