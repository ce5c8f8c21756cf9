#!/bin/sh
# certbot's deploy hook for Hearth's certificate (/etc/letsencrypt/renewal-hooks/deploy/hearth, written by
# scripts/install-server.mjs from deploy/certbot/hearth-deploy-hook.sh). certbot runs it after each renewal, and the
# installer after the first issue. It copies the certificate where nginx and coturn read it: coturn runs as its own
# user, which may not read /etc/letsencrypt, so the copies are readable by its group only.
set -eu
lineage="${RENEWED_LINEAGE:-}"
# certbot runs every deploy hook for every certificate it renews: only Hearth's is copied.
[ "$lineage" = /etc/letsencrypt/live/hearth ] || exit 0
install -d -m 750 -o root -g turnserver /etc/hearth/tls
install -m 640 -o root -g turnserver "$lineage/fullchain.pem" /etc/hearth/tls/fullchain.pem
install -m 640 -o root -g turnserver "$lineage/privkey.pem" /etc/hearth/tls/privkey.pem
# Without systemd running (a container), the installer says what to restart.
if [ -d /run/systemd/system ]; then
  systemctl reload nginx
  # coturn reads its certificate at start only; its relays reconnect (ICE restarts) within seconds.
  systemctl try-restart coturn
fi
