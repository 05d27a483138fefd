// Who posted a comment, as GitHub's REST API reports it on an issue comment: `user` and
// `performed_via_github_app` (the app whose token made it), taken from real webhook payloads.
import { webhookExamples } from './fake-github.js';

type Json = Record<string, unknown>;
/** Who made a comment, in the fields GitHub's issue comment carries. */
export interface Poster {
  user: { login: string; id: number; type: string };
  performed_via_github_app: Json | null;
}

/** The GitHub Actions app (id 15368), as the workflow_job example's deployment names it. */
export function actionsApp(): Json {
  for (const payload of webhookExamples('workflow_job')) {
    const app = (payload.deployment as { performed_via_github_app?: Json } | undefined)
      ?.performed_via_github_app;
    if (app && app.slug === 'github-actions') return app;
  }
  throw new Error('no github-actions app in the workflow_job examples');
}

/** Another GitHub App installed on the repository: the check_run example's app, renamed to `slug`. */
export function otherApp(slug: string, id = 424242): Json {
  const example = webhookExamples('check_run').find((p) => p.action === 'created');
  const app = (example?.check_run as { app?: Json } | undefined)?.app;
  if (!app) throw new Error('no app in the check_run.created example');
  return { ...app, id, slug, name: slug };
}

/** A comment's `user` and `performed_via_github_app` when GITHUB_TOKEN posted it. */
export function postedByActions(): Poster {
  return {
    user: { login: 'github-actions[bot]', id: 41898282, type: 'Bot' },
    performed_via_github_app: actionsApp(),
  };
}

/** A comment's `user` and `performed_via_github_app` when App `slug` posted it with its own token. */
export function postedByApp(slug: string, id = 424242): Poster {
  return {
    user: { login: `${slug}[bot]`, id: id + 1_000_000, type: 'Bot' },
    performed_via_github_app: otherApp(slug, id),
  };
}
