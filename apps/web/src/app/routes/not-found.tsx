import { useState } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { NOT_FOUND_COUNTDOWN_SECONDS } from '@/config/constants';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCountdown } from '@/hooks/use-countdown';

/** Unknown paths: a short countdown, then the home page. */
export function NotFoundRoute() {
  const navigate = useNavigate();
  const [isStaying, setIsStaying] = useState(false);
  const secondsLeft = useCountdown({
    seconds: NOT_FOUND_COUNTDOWN_SECONDS,
    isPaused: isStaying,
    onComplete: () => {
      void navigate(paths.root.getHref(), { replace: true });
    },
  });

  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-xl flex-col gap-4 py-12"
    >
      <h1 id="not-found-title" className="text-3xl font-semibold tracking-tight">
        Oops! Lost in Cyberspace
      </h1>
      <p className="text-muted-foreground">
        We could not find the page you were looking for. The link may be mistyped, or the page may
        have moved.
      </p>
      {isStaying ? (
        <p>Automatic redirect stopped.</p>
      ) : (
        <p>
          Taking you to the home page in{' '}
          <span role="timer" className="font-semibold tabular-nums">
            {secondsLeft}
          </span>{' '}
          {secondsLeft === 1 ? 'second' : 'seconds'}.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <a href={env.SITE_URL}>Return to website</a>
        </Button>
        {isStaying ? null : (
          <Button type="button" variant="outline" onClick={() => setIsStaying(true)}>
            Stay on this page
          </Button>
        )}
      </div>
    </section>
  );
}
