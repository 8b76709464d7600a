import type { Entity, Field } from '@flexpay/shared-utility';
import { formFieldsOf, refInput, type InputFactory } from '@flexpay/shared-utility/kit';

/** Ref fields draw the kit's RefSelect; every other field keeps its plain derived input. */
const refsOnly: InputFactory = (name, field) => (field.type === 'ref' ? refInput(name, field) : undefined);

/** The entity's derived form, for the forms these screens draw themselves (create with admin, 企业配置). */
export function derivedFormFields(entity: Entity): Field[] {
  return formFieldsOf(entity, refsOnly);
}
