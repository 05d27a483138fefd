/**
 * The command a person runs the Truss CLI with when they are told to (verify a bundle, create a
 * key): the `truss` bin of this repository at the same major version as `uses: truss/action@v1`,
 * fetched from GitHub. Never a bare `npx truss`: outside a checkout of Truss that fetches and runs
 * whatever npm package is named `truss`, with the key or token of the shell that typed it
 * (docs/cli.md "Running the CLI").
 */
export const TRUSS_CLI = 'npx -y -p github:truss/action#v1 truss';
