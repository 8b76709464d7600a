import { InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { combineLatest } from 'rxjs';
import { options$ } from '@flexpay/shared-utility/kit';

/** The supplier a merchant belongs to, read from the simple lists the form's selects already load. */
export function SupplierOfMerchant({ merchtId }: { merchtId: unknown }) {
  const [name, setName] = useState('');
  useEffect(() => {
    if (merchtId === undefined || merchtId === null || merchtId === '') {
      setName('');
      return;
    }
    const sub = combineLatest([options$('merchant'), options$('supplier')]).subscribe(([merchants, suppliers]) => {
      const supplierId = merchants.find((m) => m.value === merchtId)?.supplierId;
      setName(suppliers.find((s) => s.value === supplierId)?.label ?? '');
    });
    return () => sub.unsubscribe();
  }, [merchtId]);
  return <InputGroup id="kit-field-supplierShown" readOnly value={name} placeholder="选择商户后自动带出" />;
}
