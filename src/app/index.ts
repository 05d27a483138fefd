/**
 * The Truss GitHub App (Probot): wiring only. Each event goes to its handler in ./handlers, which
 * hands off to the shared GitHub surface (src/github); runs themselves happen in the repository's
 * Actions workflow. `probot run ./dist/app.js` loads the default export.
 */
import { tmpdir } from 'node:os';
import type { Probot } from 'probot';
import { WorkflowCache } from '../github/workflow-cache.js';
import { appCommentAuthors } from './comment-authors.js';
import { type AppConfig, readAppConfig } from './config.js';
import { onCheckRunRerequested } from './handlers/check-run-rerequested.js';
import { onIssueCommentCreated } from './handlers/issue-comment-created.js';
import { onPullRequestReview } from './handlers/pull-request-review.js';
import { onPullRequestSynchronize } from './handlers/pull-request-synchronize.js';

export type { AppConfig };

/** The app function for a given configuration (tests and benchmarks pass their own). */
export function trussApp(config: AppConfig): (app: Probot) => void {
  return (app) => {
    // Which workflow each repository dispatches, kept while the repository has had no push.
    const workflows = new WorkflowCache();
    // Whose sticky comments are read as run state: the configured logins and the App's own bot.
    const authors = appCommentAuthors(config);
    app.on('issue_comment.created', (context) => onIssueCommentCreated(context, config, workflows, authors));
    app.on(['pull_request_review.submitted', 'pull_request_review.dismissed'], (context) =>
      onPullRequestReview(context, config, authors),
    );
    app.on('pull_request.synchronize', (context) => onPullRequestSynchronize(context, config, authors));
    app.on('check_run.rerequested', (context) => onCheckRunRerequested(context, config, workflows, authors));
  };
}

/** Configuration comes from the environment once, when Probot loads the app. */
export default (app: Probot): void => trussApp(readAppConfig(process.env, tmpdir()))(app);
