/**
 * Keeps controller credentials on an external Mosquitto in step with ours (MQTT_DYNSEC=true): after a rotation the
 * server, as a dynamic-security admin, replaces the controller's Mosquitto client (which closes its sessions) and
 * makes sure its role exists. Mosquitto 2.0's dynamic security does not substitute `%u` in ACL topics, so every
 * controller has its own role `ec-c-{unitId}` with literal topics (docs/mqtt-broker.md).
 */
import { topics } from '@ec/protocol';
import type { MqttTransport } from './transport.ts';

/** Mosquitto's dynamic-security control topic. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';

/** The role name of a controller on Mosquitto. */
export const dynsecRole = (unitId: string) => `ec-c-${unitId}`;

/**
 * The commands that (re)create a controller's Mosquitto client with this secret: its role and ACLs (errors for ones
 * that already exist are harmless), then delete and create the client, which disconnects a session using the old
 * secret. Commands run in order; one failing does not stop the next.
 */
export function dynsecCommands(unitId: string, secret: string) {
  const role = dynsecRole(unitId);
  const publish = [
    topics.telemetry(unitId),
    topics.state(unitId),
    topics.p1(unitId),
    `${topics.ack(unitId).replace(/\/ack$/, '')}/reply/+`,
  ];
  const acl = (acltype: string, topic: string) => ({
    command: 'addRoleACL',
    rolename: role,
    acltype,
    topic,
    allow: true,
  });
  return {
    commands: [
      { command: 'createRole', rolename: role },
      ...publish.map((topic) => acl('publishClientSend', topic)),
      acl('subscribePattern', `${topics.ack(unitId).replace(/\/ack$/, '')}/cmd/#`),
      acl('subscribePattern', topics.ack(unitId)),
      { command: 'deleteClient', username: unitId },
      { command: 'createClient', username: unitId, password: secret, roles: [{ rolename: role }] },
    ],
  };
}

/** Sends the commands of {@link dynsecCommands} through the server's connection (its user must be a dynsec admin). */
export async function pushControllerSecret(
  transport: Pick<MqttTransport, 'publish'>,
  unitId: string,
  secret: string,
): Promise<void> {
  await transport.publish(DYNSEC_TOPIC, JSON.stringify(dynsecCommands(unitId, secret)), {
    qos: 1,
    retain: false,
  });
}
