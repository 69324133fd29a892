// Shards the telemetry collections of a sharded cluster (mongosh, against a mongos):
//   mongosh "mongodb://mongos:27017/fleet" docker/mongo-sharding.js
// The keys and why are in docs/telemetry.md, "Sharding (production)". A replica set (the
// docker-compose.yml here) needs none of this; run it once, on an empty database or before the
// collections grow, as an operator's step (the app never shards on its own).
const fleet = db.getName();
sh.enableSharding(fleet);
const keys = {
  // Read and written by computed `_id`s that start with the tracker id: a tracker's buckets are one range.
  telemetry_hours: { _id: 1 },
  telemetry_days: { _id: 1 },
  telemetry_periods: { _id: 1 },
  telemetry_checkpoints: { _id: 1 },
  // A tracker's trips are listed by time.
  telemetry_trips: { trackerId: 1, begin: 1 },
  // An owner reads its partitions' entries; writes spread over the partitions.
  telemetry_log: { p: 1, _id: 1 },
  // One document per tracker, read by `_id`.
  telemetry_latest: { _id: 'hashed' },
  telemetry_tracker_states: { _id: 'hashed' },
};
for (const [collection, key] of Object.entries(keys)) {
  printjson(sh.shardCollection(`${fleet}.${collection}`, key));
}
// telemetry_partitions and telemetry_instances (a document per partition and per instance) stay unsharded.
