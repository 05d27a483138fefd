/**
 * The sandbox launcher's program (launcher.ts), in Perl: it is on every Ubuntu runner and starts
 * once per run, so each check then costs a `fork` instead of six program starts. It loads no module
 * but `strict` (`POSIX`, `Socket`, `warnings` and `constant` took 25 ms of a 35 ms start, and made
 * every fork of it larger): Perl's builtins and raw system calls, whose numbers differ per
 * architecture (the harness passes the machine's, `uname -m`); an architecture it has no numbers for
 * makes it exit before "ready", and the harness keeps starting each check through the program chain
 * (docs/security.md, "The sandbox launcher").
 *
 * Per check it clones a root process that is from its start pid 1 of fresh pid and ipc namespaces,
 * the init: it reaches the harness on its socket (status, stdout, stderr), enters the held network
 * and mount namespaces, makes a fresh mount namespace, mounts /proc, refuses to go on outside the
 * held namespace, enters the working directory, and forks the check, which drops to the sandbox user
 * (no groups, no capabilities, an empty bounding set, no new privileges) before its `execve`; it
 * reports the check's end once nothing is left in its namespace. Every process but the check stays
 * root and not dumpable, so the sandbox user can neither signal, trace nor read them.
 */
export const LAUNCHER_SCRIPT = String.raw`
use strict;

my %NR = (
  x86_64  => { clone => 56, setns => 308, unshare => 272, mount => 165, prctl => 157, setgroups => 116, setresuid => 117, setresgid => 119, capset => 126,
               exit_group => 231, setsid => 112, fchownat => 260, dup3 => 292, close => 3, execve => 59 },
  aarch64 => { clone => 220, setns => 268, unshare => 97,  mount => 40,  prctl => 167, setgroups => 159, setresuid => 147, setresgid => 149, capset => 91,
               exit_group => 94, setsid => 157, fchownat => 54, dup3 => 24, close => 57, execve => 221 },
);
my ($socket_path, $harness_pid, $rm, $arch) = @ARGV;
my $nr = $NR{$arch // ''} or die "truss-launcher: no system call numbers for @{[$arch // 'this machine']}\n";
die "truss-launcher: must run as root\n" if $< != 0 || $> != 0;
die "truss-launcher: no socket path\n" unless defined $socket_path && length $socket_path;

sub sys { my $name = shift; return syscall($nr->{$name}, @_) == 0 }
# _exit(2): no buffers flushed, no END blocks, as a fork's end must be.
sub quit { syscall($nr->{exit_group}, 0 + $_[0]); }

# The Linux values (the same on x86_64 and aarch64), inlined by Perl as constant subroutines.
sub PR_SET_PDEATHSIG () { 1 } sub PR_SET_DUMPABLE () { 4 } sub PR_CAPBSET_DROP () { 24 }
sub PR_SET_NO_NEW_PRIVS () { 38 } sub PR_CAP_AMBIENT () { 47 } sub PR_CAP_AMBIENT_CLEAR_ALL () { 4 }
sub SIGKILL () { 9 } sub SIGCHLD () { 17 }
sub CLONE_NEWNS () { 0x00020000 } sub CLONE_NEWIPC () { 0x08000000 } sub CLONE_NEWPID () { 0x20000000 }
sub CLONE_NEWNET () { 0x40000000 }
sub MS_NOSUID () { 2 } sub MS_NODEV () { 4 } sub MS_NOEXEC () { 8 } sub MS_REC () { 16384 } sub MS_PRIVATE () { 262144 }
sub AF_UNIX () { 1 } sub SOCK_STREAM () { 1 } sub F_GETFL () { 3 } sub F_SETFL () { 4 } sub O_NONBLOCK () { 2048 }
sub WNOHANG () { 1 } sub ENOENT () { 2 } sub AT_FDCWD () { -100 } sub AT_SYMLINK_NOFOLLOW () { 0x100 }

# Not dumpable: /proc/PID of this process and of every fork of it is root's alone, and no other
# user can trace it. Forks keep this; only the check's exec resets it, for the check.
sys('prctl', PR_SET_DUMPABLE, 0, 0, 0, 0) or die "truss-launcher: PR_SET_DUMPABLE: $!\n";
# Dies with its parent: the harness as root (its pid given, checked for a harness already gone),
# sudo under sudo (pid 0), where the end of stdin, which only the harness holds, ends it instead.
sys('prctl', PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) or die "truss-launcher: PR_SET_PDEATHSIG: $!\n";
exit 0 if $harness_pid && getppid() != $harness_pid;
open(my $caps, '<', '/proc/sys/kernel/cap_last_cap') or die "truss-launcher: cap_last_cap: $!\n";
my $last_cap = <$caps>;
close $caps;
die "truss-launcher: cap_last_cap unreadable\n" unless defined $last_cap && $last_cap =~ /^(\d+)\s*$/;
$last_cap = 0 + $1;

$0 = "truss-launcher $socket_path";
$SIG{CHLD} = 'IGNORE';
$| = 1;
# Its pid as /proc shows it, against which each check's root process finds its parent there.
my ($launcher) = proc_self();
die "truss-launcher: /proc/self/stat unreadable\n" unless defined $launcher;
print "ready\n";

while (defined(my $line = <STDIN>)) {
  $line =~ /^(\d+)\n\z/ or die "truss-launcher: malformed request\n";
  my $length = 0 + $1;
  my $payload = '';
  while (length($payload) < $length) {
    my $got = read(STDIN, $payload, $length - length($payload), length($payload));
    die "truss-launcher: request cut short\n" unless $got;
  }
  if ($payload =~ /^rm\0/) {
    # A scratch the harness has closed, removed as remove-tree.ts does (its arguments come with it).
    # No parent-death signal: once started, the removal ends even if the harness and launcher do.
    my (undef, @args) = split /\0/, $payload, -1;
    next unless defined $rm && length $rm;
    my $pid = fork();
    if (defined $pid && $pid == 0) {
      open(STDIN, '<', '/dev/null'); open(STDOUT, '>', '/dev/null'); open(STDERR, '>', '/dev/null');
      { exec { $rm } $rm, @args; }
      quit(127);
    }
    next;
  }
  # The check's root process is pid 1 of fresh pid and ipc namespaces from its start: a raw clone
  # (fork's semantics, no shared memory), as Perl's fork cannot make namespaces, so that one
  # process, not a middle and an init, stands between the launcher and the check.
  my $pid = syscall($nr->{clone}, CLONE_NEWPID | CLONE_NEWIPC | SIGCHLD, 0, 0, 0, 0);
  if ($pid < 0) {
    my ($token) = split /\0/, $payload;
    print "fail $token cannot fork: $!\n";
    next;
  }
  init($payload) if $pid == 0;
}
exit 0;

# This process's pid and its parent's, in the pid namespace of the /proc it was started with.
sub proc_self {
  open(my $stat, '<', '/proc/self/stat') or return;
  my $line = <$stat>;
  close $stat;
  return unless defined $line && substr($line, rindex($line, ')') + 1) =~ /^ \S+ (\d+) /;
  my $parent = $1;
  return unless $line =~ /^(\d+) /;
  return ($1, $parent);
}

sub connect_to {
  my ($token, $kind) = @_;
  socket(my $s, AF_UNIX, SOCK_STREAM, 0) or return;
  connect($s, pack('S Z*', AF_UNIX, $socket_path)) or return;
  syswrite($s, "$token $kind\n") or return;
  return $s;
}

sub init {
  my @f = split /\0/, $_[0], -1;
  my ($token, $uid, $gid, $umask, $mnt, $net, $marker, $netpin, $nowned) = splice(@f, 0, 9);
  my @owned = splice(@f, 0, $nowned);
  my ($cwd, $file, $nargs) = splice(@f, 0, 3);
  my @args = splice(@f, 0, $nargs);
  my @env = @f;
  $0 = 'truss-sandbox-init';
  # Its parent is the launcher, outside this pid namespace (getppid says 0): the host's /proc says
  # whether the launcher ended before the parent-death signal was set.
  sys('prctl', PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) or quit(1);
  my (undef, $parent) = proc_self();
  quit(0) unless defined $parent && $parent == $launcher;
  my $ctl = connect_to($token, 'ctl');
  if (!$ctl) { print "fail $token cannot reach the harness: $!\n"; quit(0); }
  my $fail = sub { syswrite($ctl, "fail $_[0]\n"); quit(0); };
  my $out = connect_to($token, 'out') or $fail->("cannot open the check's stdout: $!");
  my $err = connect_to($token, 'err') or $fail->("cannot open the check's stderr: $!");
  open(STDIN, '<', '/dev/null') or $fail->("/dev/null: $!");
  open(STDOUT, '>', '/dev/null') or $fail->("/dev/null: $!");
  open(STDERR, '>', '/dev/null') or $fail->("/dev/null: $!");
  # Under sudo the harness cannot hand the check its scratch: lchown, so a link is never followed.
  for my $path (@owned) {
    sys('fchownat', AT_FDCWD, $path, 0 + $uid, 0 + $gid, AT_SYMLINK_NOFOLLOW)
      or $fail->("cannot hand the scratch to the sandbox user: $!");
  }
  if ($net ne '') {
    open(my $ns, '<', $net) or $fail->("cannot open the held network namespace: $!");
    sys('setns', fileno($ns), CLONE_NEWNET) or $fail->("cannot enter the held network namespace: $!");
    close $ns;
  }
  open(my $ns, '<', $mnt) or $fail->("cannot open the held mount namespace: $!");
  sys('setns', fileno($ns), CLONE_NEWNS) or $fail->("cannot enter the held mount namespace: $!");
  close $ns;
  sys('unshare', CLONE_NEWNS) or $fail->("cannot make the check's mount namespace: $!");
  sys('mount', my $none = 'none', my $root = '/', 0, MS_REC | MS_PRIVATE, 0) or $fail->("cannot make the mounts private: $!");
  my $stop = sub { syswrite($err, "$_[0]\n"); syswrite($ctl, "exit 125\n"); quit(0); };
  # A session of its own, as the chain's detached spawn gives: no controlling terminal to open as
  # /dev/tty, no signal sent to the harness's process group or session.
  syscall($nr->{setsid}) >= 0 or $stop->("truss: setsid: $!");
  sys('mount', my $p1 = 'proc', my $p2 = '/proc', my $p3 = 'proc', MS_NOSUID | MS_NODEV | MS_NOEXEC, 0)
    or $stop->("truss: cannot mount /proc in the sandbox: $!");
  -e $marker or $stop->('truss: not in the sandbox mount namespace');
  if ($netpin ne '') {
    my @own = stat('/proc/self/ns/net');
    my @pin = stat($netpin);
    $stop->('truss: not in the sandbox network namespace')
      unless @own && @pin && $own[0] == $pin[0] && $own[1] == $pin[1];
  }
  # Entered by path inside the namespace, never inherited (mount-holder.ts, heldInit).
  chdir($cwd) or $stop->('truss: cannot enter the working directory inside the sandbox');
  # Every child's end, and every orphan of the namespace (adopted by this pid 1), wakes the loop.
  pipe(my $woken, my $wake) or $stop->("truss: pipe: $!");
  # Never blocks: a full pipe wakes the loop already, and a handler that blocked would leave the
  # status connection (the deadline's K) unread.
  my $flags = fcntl($wake, F_GETFL, 0);
  (defined $flags && fcntl($wake, F_SETFL, $flags | O_NONBLOCK)) or $stop->("truss: fcntl: $!");
  $SIG{CHLD} = sub { syswrite($wake, 'c') };
  $SIG{TERM} = sub { kill 'TERM', -1 };
  # A raw fork: Perl's own runs the C library's fork handlers and its bookkeeping, writing pages
  # the check would then copy for nothing before its exec.
  my $check = syscall($nr->{clone}, SIGCHLD, 0, 0, 0, 0);
  $stop->("truss: cannot fork the check: $!") if $check < 0;
  check($out, $err, $uid, $gid, $umask, $file, \@args, \@env) if $check == 0;
  close $out; close $err;
  my ($ctl_open, $status, $killed, $more) = (1, undef, 0, 0);
  while (!defined $status) {
    my $rin = '';
    vec($rin, fileno($woken), 1) = 1;
    vec($rin, fileno($ctl), 1) = 1 if $ctl_open;
    my $ready = select(my $rout = $rin, undef, undef, $more ? 0 : undef);
    if ($ready > 0 && $ctl_open && vec($rout, fileno($ctl), 1)) {
      my $got = sysread($ctl, my $byte, 1);
      if (!$got) {
        # The harness is gone, or gave up on the check: nothing may outlive it.
        $ctl_open = 0;
        $killed = 1;
        kill 'KILL', -1;
      } elsif ($byte eq 'T') {
        kill 'TERM', -1;
      } elsif ($byte eq 'K') {
        $killed = 1;
        kill 'KILL', -1;
      }
    }
    sysread($woken, my $drain, 4096) if $ready > 0 && vec($rout, fileno($woken), 1);
    # At most 64 ends a turn: orphans that die faster than they are reaped must not keep the loop
    # from the status connection.
    $more = 0;
    for my $turn (1 .. 64) {
      my $pid = waitpid(-1, WNOHANG);
      last if $pid <= 0;
      $status = $? if $pid == $check;
      $more = 1 if $turn == 64;
    }
  }
  # The end is reported once nothing the check started is left in its namespace: a leftover must
  # not touch the working copy after the harness has seen the end.
  $SIG{CHLD} = 'DEFAULT';
  kill 'KILL', -1;
  while (waitpid(-1, 0) > 0) { kill 'KILL', -1 }
  my $report = $killed ? 'signal 9'
    : ($status & 127) ? 'exit ' . (128 + ($status & 127)) : 'exit ' . ($status >> 8);
  syswrite($ctl, "$report\n") if $ctl_open;
  quit(0);
}

sub check {
  my ($out, $err, $uid, $gid, $umask, $file, $args, $env) = @_;
  $SIG{TERM} = 'DEFAULT';
  # Where its last words go: the stderr connection, which is fd 2 once the others are closed.
  my $say = $err;
  my $stop = sub { syswrite($say, "$_[0]\n"); quit(125); };
  open(STDIN, '<', '/dev/null') or $stop->("truss: /dev/null: $!");
  syscall($nr->{dup3}, fileno($out), 1, 0) == 1 or $stop->("truss: dup2: $!");
  syscall($nr->{dup3}, fileno($err), 2, 0) == 2 or $stop->("truss: dup2: $!");
  opendir(my $fds, '/proc/self/fd') or $stop->("truss: /proc/self/fd: $!");
  my @open = grep { /^\d+$/ && $_ > 2 } readdir($fds);
  closedir($fds);
  syscall($nr->{close}, 0 + $_) for @open;
  $say = \*STDERR;
  for my $cap (0 .. $last_cap) {
    sys('prctl', PR_CAPBSET_DROP, $cap, 0, 0, 0) or $stop->("truss: cannot drop capability $cap: $!");
  }
  sys('setgroups', 0, 0) or $stop->("truss: setgroups: $!");
  sys('setresgid', 0 + $gid, 0 + $gid, 0 + $gid) or $stop->("truss: setresgid: $!");
  sys('setresuid', 0 + $uid, 0 + $uid, 0 + $uid) or $stop->("truss: setresuid: $!");
  my ($real_gid) = split(' ', $();
  my ($effective_gid) = split(' ', $));
  $stop->('truss: the sandbox user was not taken')
    if $< != $uid || $> != $uid || $real_gid != $gid || $effective_gid != $gid;
  my $header = pack('LL', 0x20080522, 0);
  my $data = pack('L6', 0, 0, 0, 0, 0, 0);
  syscall($nr->{capset}, $header, $data) == 0 or $stop->("truss: capset: $!");
  sys('prctl', PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  sys('prctl', PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) or $stop->("truss: no_new_privs: $!");
  umask(oct($umask));
  # Perl ignores SIGFPE and restores it only in its own exec.
  $SIG{FPE} = 'DEFAULT';
  # The command with its environment, by execve(2) itself: building %ENV to exec with costs more
  # than the rest of this process. A name without a slash (a PATH search) or a script without #!
  # (the shell runs it) takes Perl's exec, as before.
  if (index($file, '/') >= 0) {
    my @argv = ($file, @$args);
    syscall($nr->{execve}, $file, pack('p*', @argv, undef), pack('p*', @$env, undef));
  }
  %ENV = map { split(/=/, $_, 2) } @$env;
  { exec { $file } $file, @$args; }
  my $code = $! + 0 == ENOENT ? 127 : 126;
  syswrite($say, "truss: cannot run $file: $!\n");
  quit($code);
}
`;
