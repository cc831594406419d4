# Confines a sandbox worker when bubblewrap is unavailable (see OsSandbox). Runs as PID 1 of fresh mount, network, PID and IPC
# namespaces (unshare --mount --net --pid --ipc --fork), before the worker exists.
# Arguments: w:<dir> for each writable directory, r:<path> for each path under /tmp or a hidden directory the worker
# must read, h:<dir> for each directory to hide under an empty read-only tmpfs (a writable directory beneath one stays
# reachable), then --, then the setpriv executable and the worker's command line.
# Every step must succeed (set -e): a half-confined worker never starts.
set -eu
PATH=/usr/sbin:/usr/bin:/sbin:/bin
nl='
'
writable=''
readable=''
hidden=''
while [ "$1" != -- ]; do
  case $1 in
    w:*) writable="$writable${1#w:}$nl" ;;
    r:*) readable="$readable${1#r:}$nl" ;;
    h:*) hidden="$hidden${1#h:}$nl" ;;
    *) echo "unshare-sandbox: unexpected argument" >&2; exit 2 ;;
  esac
  shift
done
shift

under() { # under PATH DIR: PATH is DIR or lies below it
  case $1 in "$2" | "$2"/*) return 0 ;; esac
  return 1
}

# The mounts to make read-only, listed before this script adds its own.
mounts=$(cut -d' ' -f5,6 /proc/self/mountinfo)

# A private /tmp, assembled on /sys (any directory outside /tmp would do; sysfs is there on every Linux and is
# uncovered again by the move) so that directories under the host's /tmp can still be bound into it.
mount -t tmpfs -o mode=1777,nosuid,nodev codeexec-tmp /sys
IFS=$nl
for path in $writable$readable; do
  under "$path" /tmp || continue
  inside="/sys${path#/tmp}"
  if [ -d "$path" ]; then
    mkdir -p "$inside"
  else
    mkdir -p "${inside%/*}"
    : > "$inside"
  fi
  mount --bind "$path" "$inside"
done
for path in $readable; do
  under "$path" /tmp || continue
  mount -o remount,bind,ro "/sys${path#/tmp}"
done
mount --move /sys /tmp

# The writable directories elsewhere become mounts of their own, which the read-only pass below skips.
for dir in $writable; do
  under "$dir" /tmp || mount --bind "$dir" "$dir"
done

for entry in $mounts; do
  point=$(printf '%b' "${entry% *}")
  options=${entry##* }
  skip=no
  under "$point" /tmp && skip=yes
  for dir in $writable; do
    under "$point" "$dir" && skip=yes
  done
  [ $skip = yes ] || mount -o "remount,bind,ro${options#r?}" "$point"
done

# A minimal /dev, assembled on /sys like /tmp: the host's devices stay out of reach. With -n (as below): the root is
# read-only by now, so mount cannot record anything in /run.
mount -n -t tmpfs -o mode=755,nosuid codeexec-dev /sys
for node in null zero full random urandom tty; do
  : > "/sys/$node"
  mount -n --bind "/dev/$node" "/sys/$node"
done
ln -s /proc/self/fd /sys/fd
ln -s /proc/self/fd/0 /sys/stdin
ln -s /proc/self/fd/1 /sys/stdout
ln -s /proc/self/fd/2 /sys/stderr
mount -n -o remount,ro,nosuid /sys
mount -n --move /sys /dev

# Hidden directories (the data directory, the workspaces, /run): an empty tmpfs over each, read-only once the
# writable directories and readable paths beneath them have been moved back in from a staging mount under the
# private /tmp (every writable directory and readable path outside /tmp is staged; those under no hidden directory go
# back where they were). A bind keeps its source's read-only flag, which the pass above set on the readable paths'
# mounts. One under /tmp is hidden already: the private /tmp holds nothing but the paths bound into it above.
i=0
for path in $writable$readable; do
  i=$((i + 1))
  under "$path" /tmp && continue
  if [ -d "$path" ]; then mkdir "/tmp/.codeexec-$i"; else : > "/tmp/.codeexec-$i"; fi
  mount -n --bind "$path" "/tmp/.codeexec-$i"
done
for dir in $hidden; do
  under "$dir" /tmp && continue
  mount -n -t tmpfs -o mode=755,nosuid,nodev,size=64k codeexec-hidden "$dir"
done
i=0
for path in $writable$readable; do
  i=$((i + 1))
  under "$path" /tmp && continue
  if [ -d "/tmp/.codeexec-$i" ]; then
    mkdir -p "$path"
  else
    mkdir -p "${path%/*}"
    [ -e "$path" ] || : > "$path"
  fi
  mount -n --bind "/tmp/.codeexec-$i" "$path"
  umount -n "/tmp/.codeexec-$i"
  if [ -d "/tmp/.codeexec-$i" ]; then rmdir "/tmp/.codeexec-$i"; else rm "/tmp/.codeexec-$i"; fi
done
for dir in $hidden; do
  under "$dir" /tmp && continue
  mount -n -o remount,ro,nosuid,nodev "$dir"
done
unset IFS

# This PID namespace's own /proc: the host's processes are not listed.
mount -t proc -o nosuid,nodev,noexec proc /proc

setpriv=$1
shift
# No capabilities (root in this namespace could otherwise undo every mount above) and no new privileges.
exec "$setpriv" --no-new-privs --inh-caps=-all --ambient-caps=-all --bounding-set=-all -- "$@"
