#!/bin/bash
# Runs the shards, waits until every index has completed, then runs the merge:
#
#   deploy/kubernetes/run.sh [TIMEOUT]     (TIMEOUT for each Job: default 6h)
#
# The volume (volume.yaml) must exist and hold the pipeline and its data under /work, and the
# image (Dockerfile) must be in a registry the cluster pulls from: see docs/deploy.md.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
timeout="${1:-6h}"
kubectl delete job chartpipe-shards chartpipe-merge --ignore-not-found
kubectl apply -f "$here/shards-job.yaml"
kubectl wait --for=condition=complete --timeout="$timeout" job/chartpipe-shards
kubectl apply -f "$here/merge-job.yaml"
kubectl wait --for=condition=complete --timeout="$timeout" job/chartpipe-merge
